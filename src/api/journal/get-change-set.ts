import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ChangeSetDetail } from '../../contract/journal';
import { changeSetDetailSchema, journalPaths } from '../../contract/journal';
import { fieldKeys } from '../calculated-fields/field-keys';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** A running set's progress is asked for this often, until it is done. */
export const RUNNING_POLL_MS = 500;

export function getChangeSet(id: number, signal?: AbortSignal): Promise<ChangeSetDetail> {
  return requestJson(journalPaths.changeSet(id), changeSetDetailSchema, { signal });
}

/** After a set has changed fields: every search and detail of a field, and the journal's lists, are asked again. */
export function refreshAfterChangeSet(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: fieldKeys.searches() }),
    client.invalidateQueries({ queryKey: fieldKeys.details() }),
    client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
    client.invalidateQueries({ queryKey: journalKeys.fieldHistories() }),
  ]);
}

export function changeSetQueryOptions(id: number) {
  return queryOptions({
    queryKey: journalKeys.changeSet(id),
    queryFn: async ({ signal, client, queryKey }) => {
      const wasRunning =
        client.getQueryData<ChangeSetDetail>(queryKey)?.changeSet.state === 'running';
      const detail = await getChangeSet(id, signal);
      if (wasRunning && detail.changeSet.state !== 'running') void refreshAfterChangeSet(client);
      return detail;
    },
    refetchInterval: (query) =>
      query.state.data?.changeSet.state === 'running' ? RUNNING_POLL_MS : false,
  });
}

export function useChangeSet(id: number, enabled = true) {
  return useQuery({ ...changeSetQueryOptions(id), enabled });
}
