import type { SearchResultItem } from '../../../contract/field';
import { compareNameOrder, nameKeyOf } from '../../../contract/name-order';
import type { TableSort } from '../../../links/table-address';

interface Keyed {
  item: SearchResultItem;
  id: number;
  nameKey: string;
  value: number;
}

const byValue = (a: Keyed, b: Keyed) => a.value - b.value || a.id - b.id;

/**
 * `items` in the order the server answers a search with this sort: the name order
 * (contract/name-order.ts), or dates as numbers; ties broken on id in the same
 * direction. Keys are computed once, not per comparison.
 */
export function sortLikeServer(
  items: readonly SearchResultItem[],
  sort: TableSort,
): SearchResultItem[] {
  const direction = sort.descending ? -1 : 1;
  const ascending = sort.column === 'name' ? compareNameOrder : byValue;
  return items
    .map((item): Keyed =>
      sort.column === 'name'
        ? { item, id: item.id, nameKey: nameKeyOf(item.name), value: 0 }
        : { item, id: item.id, nameKey: '', value: item[sort.column] },
    )
    .sort((a, b) => direction * ascending(a, b))
    .map(({ item }) => item);
}
