import type { SearchResultItem } from '../../contract/field';
import type { SearchFilter } from '../../contract/search';
import { SEARCH_LIMIT_MAX } from '../../contract/search';
import { searchFields } from './search-fields';

export interface CollectProgress {
  loaded: number;
  total: number;
}

export interface CollectOptions {
  name?: string;
  filters: SearchFilter[];
  signal?: AbortSignal;
  onProgress?: (progress: CollectProgress) => void;
}

/**
 * Every record matching a search, gathered page by page at the largest page size.
 * Pages are asked in id order and repeats dropped, because some instances sort
 * unstably and a record can otherwise show up on two pages. Cancel with `signal`.
 */
export async function collectAllMatches(options: CollectOptions): Promise<SearchResultItem[]> {
  const byId = new Map<number, SearchResultItem>();
  for (let offset = 0; ; offset += SEARCH_LIMIT_MAX) {
    const page = await searchFields(
      {
        name: options.name ?? '',
        filters: options.filters,
        sort: { field: 'id', ascending: true },
        limit: SEARCH_LIMIT_MAX,
        offset,
      },
      options.signal,
    );
    for (const item of page.results) byId.set(item.id, item);
    options.onProgress?.({ loaded: byId.size, total: page.totalHits });
    if (!page.hasMore || page.results.length === 0) return [...byId.values()];
  }
}
