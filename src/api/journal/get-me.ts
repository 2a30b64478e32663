import { queryOptions, useQuery } from '@tanstack/react-query';
import { journalPaths, meSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

export function getMe(signal?: AbortSignal) {
  return requestJson(journalPaths.me, meSchema, { signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: journalKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

/** Whether the token may write: false until the server says so, so write actions never flash. */
export function useCanWrite(): boolean {
  return useQuery(meQueryOptions()).data?.canWrite === true;
}
