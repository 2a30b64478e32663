import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchResultItem } from '../../contract/field';
import { collectAllMatches } from './collect-all-matches';
import type { CollectProgress } from './collect-all-matches';
import { fieldKeys } from './field-keys';

/** Every field of the instance, variables included, as one search page holds them. */
export interface GatheredFields {
  fields: SearchResultItem[];
  gatheredAt: number;
}

export const gatheredFieldsKey = [...fieldKeys.all, 'gathered'] as const;
export const gatheringProgressKey = [...fieldKeys.all, 'gathering-progress'] as const;

/**
 * Gathering pages through the whole instance, which takes a while on a large one,
 * so the result is kept for the session and gathered again only on request.
 */
export function gatheredFieldsQueryOptions() {
  return queryOptions({
    queryKey: gatheredFieldsKey,
    queryFn: async ({ client, signal }): Promise<GatheredFields> => {
      client.setQueryData<CollectProgress | null>(gatheringProgressKey, null);
      const fields = await collectAllMatches({
        filters: [],
        signal,
        onProgress: (progress) => client.setQueryData(gatheringProgressKey, progress),
      });
      return { fields, gatheredAt: Date.now() };
    },
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useGatheredFields() {
  const client = useQueryClient();
  const query = useQuery(gatheredFieldsQueryOptions());
  // Only the gathering writes the progress; this reads it as it changes.
  const progress = useQuery<CollectProgress | null>({
    queryKey: gatheringProgressKey,
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
  return {
    query,
    /** How far the last gathering got; null before its first page answers. */
    progress: progress ?? null,
    /** Stops the gathering; fields gathered before stay shown. */
    cancel: () => client.cancelQueries({ queryKey: gatheredFieldsKey }),
  };
}
