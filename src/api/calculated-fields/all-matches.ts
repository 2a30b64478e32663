// Every match of a search, gathered page by page, with its progress and a cancel.
// One mechanism for all who need it: the audit's charts (every field, kept for the
// session) and the fields table's export and "select all matching" (on request).
import {
  isCancelledError,
  queryOptions,
  skipToken,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SearchResultItem } from '../../contract/field';
import type { SearchFilter } from '../../contract/search';
import { SEARCH_LIMIT_MAX } from '../../contract/search-limits';
import type { FindingScope } from '../../contract/audit';
import { fieldKeys } from './field-keys';
import { searchFields } from './search-fields';

/** What to gather: the name and filters of a search; order and paging are ours. */
export interface MatchesSearch {
  name?: string;
  filters: SearchFilter[];
  /** Only the fields of this audit finding. */
  scope?: FindingScope;
}

export interface GatherProgress {
  loaded: number;
  total: number;
}

export interface GatheredMatches {
  fields: SearchResultItem[];
  gatheredAt: number;
}

/** Passes over the pages before giving up on a count that does not add up. */
const MOST_PASSES = 3;

/** The instance's answers kept moving: some matches were never seen. */
export class IncompleteGatheringError extends Error {
  constructor(
    readonly gathered: number,
    readonly total: number,
  ) {
    super(
      `Only ${gathered.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} matching fields could be gathered: the instance's order kept changing. Try again.`,
    );
    this.name = 'IncompleteGatheringError';
  }
}

/**
 * Every record matching a search, each exactly once, gathered page by page at the
 * largest page size in `created` order (a sort every instance accepts). Some
 * instances order equal keys differently on every call, so a record can show up on
 * two pages and another on none: repeats are dropped by id, and while fewer records
 * were gathered than the instance counts, the pages are read again (the missing
 * ones turn up as the order moves). Cancel with `signal`.
 */
export async function collectAllMatches(
  search: MatchesSearch,
  options: { signal?: AbortSignal; onProgress?: (progress: GatherProgress) => void } = {},
): Promise<SearchResultItem[]> {
  const byId = new Map<number, SearchResultItem>();
  let total = 0;
  for (let pass = 1; pass <= MOST_PASSES; pass += 1) {
    for (let offset = 0; ; offset += SEARCH_LIMIT_MAX) {
      const page = await searchFields(
        {
          name: search.name ?? '',
          filters: search.filters,
          sort: { field: 'created', ascending: true },
          limit: SEARCH_LIMIT_MAX,
          offset,
        },
        options.signal,
        search.scope,
      );
      for (const item of page.results) byId.set(item.id, item);
      total = page.totalHits;
      options.onProgress?.({ loaded: byId.size, total });
      if (!page.hasMore || page.results.length === 0) break;
    }
    if (byId.size >= total) return [...byId.values()];
  }
  throw new IncompleteGatheringError(byId.size, total);
}

/** A search as a key: `name` left out and `name: ''` are the same search. */
function keyOf(search: MatchesSearch) {
  const key = { name: search.name ?? '', filters: search.filters };
  return search.scope ? { ...key, scope: search.scope } : key;
}

export const allMatchesKeys = {
  all: [...fieldKeys.all, 'all-matches'] as const,
  matches: (search: MatchesSearch) => [...allMatchesKeys.all, keyOf(search)] as const,
  /** Apart from the matches, so that cancelling the gathering leaves its progress readable. */
  progress: (search: MatchesSearch) =>
    [...fieldKeys.all, 'all-matches-progress', keyOf(search)] as const,
};

/** Gathers with the query's signal, so `cancelQueries` on its key stops it between pages. */
export function allMatchesQueryOptions(search: MatchesSearch) {
  return queryOptions({
    queryKey: allMatchesKeys.matches(search),
    queryFn: async ({ client, signal }): Promise<GatheredMatches> => {
      const progressKey = allMatchesKeys.progress(search);
      client.setQueryData<GatherProgress | null>(progressKey, null);
      const fields = await collectAllMatches(search, {
        signal,
        onProgress: (progress) => client.setQueryData(progressKey, progress),
      });
      return { fields, gatheredAt: Date.now() };
    },
  });
}

/** How far the last gathering of `search` got (null before its first page answers). */
function useGatherProgress(search: MatchesSearch | undefined): GatherProgress | null {
  // Only the gathering writes the progress; this reads it as it changes.
  const progress = useQuery<GatherProgress | null>({
    queryKey: allMatchesKeys.progress(search ?? { filters: [] }),
    queryFn: skipToken,
    enabled: search !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
  return search === undefined ? null : (progress ?? null);
}

/**
 * Gathers every match of a search on request (to export or select them), fresh each
 * time. `collect` answers undefined when cancelled; collecting again starts over, and
 * the component going away cancels.
 */
export function useCollectAllMatches() {
  const client = useQueryClient();
  const [running, setRunning] = useState<MatchesSearch>();
  // The run under way; a newer run, or none, tells an older one not to touch the state.
  const current = useRef<{ search: MatchesSearch }>(undefined);
  const stop = (run = current.current) =>
    run ? client.cancelQueries({ queryKey: allMatchesKeys.matches(run.search) }) : undefined;
  useEffect(
    () => () => {
      const run = current.current;
      if (run) void client.cancelQueries({ queryKey: allMatchesKeys.matches(run.search) });
    },
    [client],
  );

  const collect = async (search: MatchesSearch): Promise<SearchResultItem[] | undefined> => {
    await stop();
    const run = { search };
    current.current = run;
    client.setQueryData<GatherProgress | null>(allMatchesKeys.progress(search), null);
    setRunning(search);
    try {
      const gathered = await client.fetchQuery({
        ...allMatchesQueryOptions(search),
        staleTime: 0,
        gcTime: 0,
      });
      return gathered.fields;
    } catch (error) {
      if (isCancelledError(error)) return undefined;
      throw error;
    } finally {
      if (current.current === run) {
        current.current = undefined;
        setRunning(undefined);
      }
    }
  };

  return {
    running: running !== undefined,
    progress: useGatherProgress(running),
    collect,
    cancel: () => void stop(),
  };
}
