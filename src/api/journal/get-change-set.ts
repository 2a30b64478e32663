import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ChangeSetDetail } from '../../contract/journal';
import {
  changeSetDetailSchema,
  changeSetSummarySchema,
  journalPaths,
} from '../../contract/journal';
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

/** A running set's summary is asked for this often: one row and its counts, cheap to answer. */
export const SUMMARY_POLL_MS = 200;

/**
 * A set's state and counts, asked again while it runs. Its detail carries every field
 * before and after (over a megabyte at 650 fields): a large set is followed by this
 * and its detail read once it has ended.
 */
export function useChangeSetSummary(id: number) {
  return useQuery({
    queryKey: journalKeys.changeSetSummary(id),
    queryFn: ({ signal }) =>
      requestJson(journalPaths.summary(id), changeSetSummarySchema, { signal }),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? SUMMARY_POLL_MS : false),
  });
}
