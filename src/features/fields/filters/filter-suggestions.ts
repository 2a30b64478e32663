import type { QueryClient } from '@tanstack/react-query';
import { cachedSearchItems } from '../../../api/calculated-fields/cached-search-items';

export interface FilterSuggestions {
  owners: string[];
  dataSources: string[];
}

/**
 * The API cannot list owners or data sources, so the filters suggest the ids
 * found in the search results the app already holds.
 */
export function filterSuggestions(client: QueryClient): FilterSuggestions {
  const owners = new Set<string>();
  const dataSources = new Set<string>();
  for (const item of cachedSearchItems(client)) {
    owners.add(String(item.owner));
    for (const link of item.links) {
      if (link.resource.type === 'DATA_SOURCE') dataSources.add(link.resource.id);
    }
  }
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  return { owners: [...owners].sort(byNumber), dataSources: [...dataSources].sort() };
}
