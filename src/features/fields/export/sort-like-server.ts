import type { SearchResultItem } from '../../../contract/field';
import type { TableSort } from '../../../links/table-address';

/**
 * Orders strings by code point, as SQLite compares UTF-8 text. JavaScript's `<`
 * compares UTF-16 units instead, which puts characters above U+FFFF (surrogate
 * pairs) before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function sortKey(item: SearchResultItem, column: TableSort['column']): string | number {
  return column === 'name' ? item.name.toLowerCase() : item[column];
}

function compareKeys(a: string | number, b: string | number): number {
  return typeof a === 'string' && typeof b === 'string'
    ? compareCodePoints(a, b)
    : Number(a) - Number(b);
}

/**
 * `items` in the order the server answers a search with this sort: names compared
 * lower-cased (contract.md section 4), dates as numbers, ties broken on id in the
 * same direction. Keys are computed once, not per comparison.
 */
export function sortLikeServer(
  items: readonly SearchResultItem[],
  sort: TableSort,
): SearchResultItem[] {
  const direction = sort.descending ? -1 : 1;
  return items
    .map((item) => ({ item, key: sortKey(item, sort.column) }))
    .sort((a, b) => direction * (compareKeys(a.key, b.key) || a.item.id - b.item.id))
    .map(({ item }) => item);
}
