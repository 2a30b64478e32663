import type { QueryClient } from '@tanstack/react-query';
import { cachedSearchItems } from '../../../api/calculated-fields/cached-search-items';
import type { DirectoryKind } from '../../../contract/directory';

/**
 * Without the directory the API cannot list owners, data sources or cards, so the
 * pickers suggest the ids found in the search results the app already holds.
 */
export function filterSuggestions(client: QueryClient): Record<DirectoryKind, string[]> {
  const owners = new Set<string>();
  const dataSources = new Set<string>();
  const cards = new Set<string>();
  for (const item of cachedSearchItems(client)) {
    owners.add(String(item.owner));
    for (const link of item.links) {
      if (link.resource.type === 'DATA_SOURCE') dataSources.add(link.resource.id);
      if (link.resource.type === 'CARD') cards.add(link.resource.id);
    }
  }
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  return {
    owners: [...owners].sort(byNumber),
    dataSources: [...dataSources].sort(),
    cards: [...cards].sort(),
  };
}
