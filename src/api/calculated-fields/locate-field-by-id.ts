import type { SearchResultItem } from '../../contract/field';
import { searchFields } from './search-fields';

function itemAt(offset: number, signal?: AbortSignal) {
  return searchFields(
    { filters: [], sort: { field: 'id', ascending: true }, limit: 1, offset },
    signal,
  );
}

/**
 * Finds a field by id with search alone, for instances without the detail route:
 * ids sorted ascending make offset a binary search, about log2(totalHits) requests.
 */
export async function locateFieldById(
  id: number,
  signal?: AbortSignal,
): Promise<SearchResultItem | undefined> {
  const first = await itemAt(0, signal);
  let low = 0;
  let high = first.totalHits - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const item = middle === 0 ? first.results[0] : (await itemAt(middle, signal)).results[0];
    if (!item) return undefined;
    if (item.id === id) return item;
    if (item.id < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
