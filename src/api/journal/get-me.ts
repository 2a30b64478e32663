import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../contract/journal';
import { journalPaths, meSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

export function getMe(signal?: AbortSignal): Promise<Me> {
  return requestJson(journalPaths.me, meSchema, { signal });
}

/** Who the token is and whether it may write: the app hides what it may not do. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: journalKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Infinity,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
