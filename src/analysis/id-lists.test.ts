import { describe, expect, it } from 'vitest';
import { IdLists } from './id-lists';

describe('IdLists', () => {
  // Ids out of order, one past 32 bits, one below zero, an empty list and one naming itself.
  const asMap = new Map<number, number[]>([
    [7, [3, 1, 2 ** 40]],
    [2 ** 40, [7]],
    [-2, [-2]],
    [3, []],
  ]);
  const ascending = [...asMap].sort(([a], [b]) => a - b);

  it('reads as the map it was made from, in ascending id order, each list as given', () => {
    const lists = IdLists.of(asMap);
    expect(lists.size).toBe(4);
    expect([...lists]).toEqual(ascending);
    expect([...lists.entries()]).toEqual(ascending);
    expect([...lists.keys()]).toEqual([-2, 3, 7, 2 ** 40]);
    expect([...lists.values()]).toEqual(ascending.map(([, list]) => list));
    for (const [id, list] of asMap) {
      expect(lists.has(id)).toBe(true);
      expect(lists.get(id)).toEqual(list);
    }
    for (const absent of [-3, 0, 2, 4, 8, 2 ** 41]) {
      expect(lists.has(absent)).toBe(false);
      expect(lists.get(absent)).toBeUndefined();
    }
    const seen: Array<[number, readonly number[]]> = [];
    lists.forEach((list, id) => seen.push([id, list]));
    expect(seen).toEqual(ascending);
  });

  it('gathers pairs under each id, each list ascending', () => {
    const lists = IdLists.grouped([
      [5, 9],
      [1, 4],
      [5, 2],
      [1, 3],
      [2 ** 40, 5],
    ]);
    expect(new Map(lists)).toEqual(
      new Map([
        [1, [3, 4]],
        [5, [2, 9]],
        [2 ** 40, [5]],
      ]),
    );
  });

  it('holds nothing when made from nothing', () => {
    for (const lists of [IdLists.of([]), IdLists.grouped([])]) {
      expect(lists.size).toBe(0);
      expect([...lists]).toEqual([]);
      expect(lists.has(0)).toBe(false);
      expect(lists.get(0)).toBeUndefined();
    }
  });

  it('crosses to another thread as its arrays, which move rather than being copied', () => {
    const lists = IdLists.of(asMap);
    const packed = lists.pack();
    const arrived = IdLists.unpack(
      structuredClone(packed, {
        transfer: [packed.ids.buffer, packed.starts.buffer, packed.listed.buffer],
      }),
    );
    expect([...arrived]).toEqual(ascending);
    // The sender's arrays were moved, not copied: nothing is left of them there.
    expect(lists.size).toBe(0);
  });
});
