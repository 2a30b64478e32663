import type { SearchResultItem } from '../../contract/field';
import { SEARCH_LIMIT_MAX } from '../../contract/search';
import { searchFields } from './search-fields';

/**
 * Finds a field by id with search alone, for instances without the detail route.
 * Search has no filter by id and instances are not known to sort by id, so this
 * reads pages of the largest size in `created` order until the id turns up: one
 * request per 5,000 fields, and only on such instances.
 */
export async function locateFieldById(
  id: number,
  signal?: AbortSignal,
): Promise<SearchResultItem | undefined> {
  for (let offset = 0; ; offset += SEARCH_LIMIT_MAX) {
    const page = await searchFields(
      { filters: [], sort: { field: 'created', ascending: true }, limit: SEARCH_LIMIT_MAX, offset },
      signal,
    );
    const found = page.results.find((item) => item.id === id);
    if (found) return found;
    if (!page.hasMore || page.results.length === 0) return undefined;
  }
}
