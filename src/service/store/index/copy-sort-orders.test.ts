import { expect, test } from 'vitest';
import type { CopyOrderParts } from './copy-sort-orders';
import { CopySortOrders } from './copy-sort-orders';
import { ranksOf } from './sort-order';

/** The orders of fields with these ids at positions 0, 1, ..., as an index makes them. */
function copySortOrders(ids: Float64Array, parts: CopyOrderParts) {
  const order = Int32Array.from(ids, (_, position) => position).sort((a, b) => ids[a]! - ids[b]!);
  return new CopySortOrders(ids, parts, { order, rank: ranksOf(order) });
}

// Five fields at positions 0..4 with ids 10..14.
const ids = Float64Array.from([10, 11, 12, 13, 14]);

function orders() {
  return copySortOrders(ids, {
    owners: Float64Array.from([3, 1, 2, 1, 9]),
    // Owner 9 is not named; owners 1 and 2 differ only in case.
    ownerNames: new Map([
      [1, 'bea'],
      [2, 'BEA'],
      [3, 'Al'],
    ]),
    statuses: ['INVALID', 'VALID', 'invalid', 'ILLEGAL_REFERENCE', 'VALID'],
    links: Int32Array.from([2, 0, 1, 0, 3]),
    usage: Int32Array.from([0, 0, 0, 0, 0]),
    problems: Int32Array.from([1, 0, 1, 1, 0]),
  });
}

const idsIn = (sortOrders: CopySortOrders, field: Parameters<CopySortOrders['order']>[0]) =>
  Array.from(sortOrders.order(field).order, (position) => ids[position]);

test('owners by name as names compare, unnamed last; statuses VALID first; ties on id', () => {
  const sortOrders = orders();
  expect(idsIn(sortOrders, 'owner')).toEqual([10, 11, 12, 13, 14]);
  expect(idsIn(sortOrders, 'status')).toEqual([11, 14, 13, 10, 12]);
  expect(idsIn(sortOrders, 'links')).toEqual([11, 13, 12, 10, 14]);
  expect(idsIn(sortOrders, 'usage')).toEqual([10, 11, 12, 13, 14]);
});

test('a change of a key makes that order again, and leaves the others as they were', () => {
  const sortOrders = orders();
  const links = sortOrders.order('links');
  sortOrders.set(0, 9, 'INVALID', { links: 2, usage: 0, problems: 1 });
  expect(sortOrders.order('links')).toBe(links);
  expect(idsIn(sortOrders, 'owner')).toEqual([11, 12, 13, 10, 14]);
});

test('statuses that differ only in case tie, and break on id', () => {
  // Positions are in name order, not id order: the later position has the lower id.
  const sortOrders = copySortOrders(Float64Array.from([20, 5]), {
    owners: Float64Array.from([1, 1]),
    ownerNames: new Map(),
    statuses: ['INVALID', 'invalid'],
    links: new Int32Array(2),
    usage: new Int32Array(2),
    problems: new Int32Array(2),
  });
  expect(Array.from(sortOrders.order('status').order)).toEqual([1, 0]);
});
