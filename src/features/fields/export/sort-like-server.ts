import type { SearchResultItem } from '../../../contract/field';
import {
  compareOwnerNameKeys,
  compareStatuses,
  copyOrderCountsOf,
} from '../../../contract/copy-orders';
import { linkStateOf } from '../../../contract/link-summary';
import { compareNameKeys, nameKeyOf } from '../../../contract/name-order';
import type { TableSort } from '../../../links/table-address';

interface Keyed {
  item: SearchResultItem;
  id: number;
  /** The name key, the owner's name key (null: not named) or the status. */
  text: string | null;
  value: number;
}

const byValue = (a: Keyed, b: Keyed) => a.value - b.value;
const byText = (compare: (a: string, b: string) => number) => (a: Keyed, b: Keyed) =>
  compare(a.text!, b.text!);

/** Each sort's key of an item, and how two keys compare (ties on id come after). */
function keyOf(
  sort: TableSort['column'],
  ownerNames: ReadonlyMap<number, string>,
): { key: (item: SearchResultItem) => Pick<Keyed, 'text' | 'value'>; compare: typeof byValue } {
  switch (sort) {
    case 'name':
      return {
        key: (item) => ({ text: nameKeyOf(item.name), value: 0 }),
        compare: byText(compareNameKeys),
      };
    case 'owner':
      return {
        key: (item) => {
          const name = ownerNames.get(item.owner);
          return { text: name === undefined ? null : nameKeyOf(name), value: 0 };
        },
        compare: (a, b) => compareOwnerNameKeys(a.text, b.text),
      };
    case 'status':
      return { key: (item) => ({ text: item.status, value: 0 }), compare: byText(compareStatuses) };
    case 'links':
    case 'usage':
    case 'problems':
      return {
        key: (item) => ({
          text: '',
          value: copyOrderCountsOf({ status: item.status, links: item.links.map(linkStateOf) })[
            sort
          ],
        }),
        compare: byValue,
      };
    default:
      return { key: (item) => ({ text: '', value: item[sort] }), compare: byValue };
  }
}

/**
 * `items` in the order the server answers a search with this sort: the name order
 * (contract/name-order.ts), dates as numbers, or the copy's orders
 * (contract/copy-orders.ts, owners by the names given); ties broken on id in the
 * same direction. Keys are computed once, not per comparison.
 */
export function sortLikeServer(
  items: readonly SearchResultItem[],
  sort: TableSort,
  ownerNames: ReadonlyMap<number, string> = new Map(),
): SearchResultItem[] {
  const direction = sort.descending ? -1 : 1;
  const { key, compare } = keyOf(sort.column, ownerNames);
  return items
    .map((item): Keyed => ({ item, id: item.id, ...key(item) }))
    .sort((a, b) => direction * (compare(a, b) || a.id - b.id))
    .map(({ item }) => item);
}
