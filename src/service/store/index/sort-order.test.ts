import { describe, expect, it } from 'vitest';
import { ranksOf, SortOrder } from './sort-order';

/** Positions 0..n-1 with keys, ordered by key then position. */
function orderOf(keys: number[]) {
  const compare = (a: number, b: number) => keys[a]! - keys[b]! || a - b;
  const sorted = () => Int32Array.from(keys.keys()).sort(compare);
  const order = sorted();
  return { order: new SortOrder(order, compare, ranksOf(order)), sorted };
}

describe('SortOrder', () => {
  it('moves many positions whose keys changed to where a full sort puts them', () => {
    const keys = [50, 10, 40, 10, 30, 20, 60, 0];
    const { order, sorted } = orderOf(keys);
    // Given out of order, some to the same key, one that stays put, one twice.
    const moved = [6, 1, 3, 4, 2, 3];
    Object.assign(keys, { 6: 5, 1: 45, 3: 45, 4: 30, 2: 100 });
    order.repositionMany(moved);
    expect([...order.order]).toEqual([...sorted()]);
    expect([...order.rank]).toEqual([...ranksOf(sorted())]);
  });

  it('stays sorted through rounds of random moves, one or many at a time', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const keys = Array.from({ length: 300 }, () => Math.floor(random() * 50));
    const { order, sorted } = orderOf(keys);
    for (let round = 0; round < 40; round += 1) {
      const moved = Array.from({ length: 1 + (round % 7) * 9 }, () =>
        Math.floor(random() * keys.length),
      );
      for (const position of moved) keys[position] = Math.floor(random() * 50);
      if (moved.length === 1) order.reposition(moved[0]!);
      else order.repositionMany(moved);
      expect([...order.order]).toEqual([...sorted()]);
      expect([...order.rank]).toEqual([...ranksOf(sorted())]);
    }
  });
});
