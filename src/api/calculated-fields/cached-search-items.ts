import type { QueryClient } from '@tanstack/react-query';
import type { SearchResultItem } from '../../contract/field';
import type { SearchResponse } from '../../contract/search';
import { fieldKeys } from './field-keys';

/** Every search result the app holds in its cache, across all pages and filters. */
export function cachedSearchItems(client: QueryClient): SearchResultItem[] {
  return client
    .getQueriesData<SearchResponse>({ queryKey: fieldKeys.searches() })
    .flatMap(([, page]) => page?.results ?? []);
}

export function findCachedSearchItem(client: QueryClient, id: number) {
  return cachedSearchItems(client).find((item) => item.id === id);
}
