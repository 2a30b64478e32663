import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../contract/journal';
import { journalPaths } from '../../contract/journal-paths';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

export function getMe(signal?: AbortSignal): Promise<Me> {
  // The schema comes with the answer: the fields page asks this after its first paint,
  // and its first screen loads no zod.
  const schema = async () => (await import('../../contract/journal')).meSchema;
  return requestJson(journalPaths.me, schema, { signal });
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
