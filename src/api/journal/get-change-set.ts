import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeSetDetail } from '../../contract/journal';
import { changeSetDetailSchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** How often a running set's progress is read. */
export const PROGRESS_POLL_MS = 500;

export function getChangeSet(id: number, signal?: AbortSignal) {
  return requestJson(journalPaths.changeSet(id), changeSetDetailSchema, { signal });
}

export function changeSetQueryOptions(id: number) {
  return queryOptions({
    queryKey: journalKeys.changeSet(id),
    queryFn: ({ signal }) => getChangeSet(id, signal),
    refetchInterval: (query) => (isRunning(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

export function isRunning(detail: ChangeSetDetail | undefined): boolean {
  return detail?.changeSet.state === 'running';
}

/** A change set, read again while it runs. */
export function useChangeSet(id: number | undefined) {
  return useQuery({ ...changeSetQueryOptions(id ?? 0), enabled: id !== undefined });
}
