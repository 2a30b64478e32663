import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeSetList, ChangeSetQuery } from '../../contract/journal';
import { changeSetListSchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { RUNNING_POLL_MS, refreshAfterChangeSet } from './get-change-set';
import { journalKeys } from './journal-keys';

/** The query string of a list request: only the filters that are set. */
export function changeSetQueryString(query: Partial<ChangeSetQuery>): string {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') parameters.set(name, String(value));
  }
  const text = parameters.toString();
  return text ? `?${text}` : '';
}

export function listChangeSets(
  query: ChangeSetQuery,
  signal?: AbortSignal,
): Promise<ChangeSetList> {
  return requestJson(
    `${journalPaths.changeSets}${changeSetQueryString(query)}`,
    changeSetListSchema,
    {
      signal,
    },
  );
}

const anyRunning = (list: ChangeSetList | undefined) =>
  list?.changeSets.some((set) => set.state === 'running') ?? false;

/** While a listed set runs the list is asked again; when one finishes, the fields it changed are too. */
export function changeSetsQueryOptions(query: ChangeSetQuery) {
  return queryOptions({
    queryKey: journalKeys.changeSets(query),
    queryFn: async ({ signal, client, queryKey }) => {
      const wasRunning = anyRunning(client.getQueryData<ChangeSetList>(queryKey));
      const list = await listChangeSets(query, signal);
      if (wasRunning && !anyRunning(list)) void refreshAfterChangeSet(client);
      return list;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (cached) => (anyRunning(cached.state.data) ? RUNNING_POLL_MS : false),
  });
}

export function useChangeSets(query: ChangeSetQuery) {
  return useQuery(changeSetsQueryOptions(query));
}
