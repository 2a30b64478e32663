import { describe, expect, it } from 'vitest';
import { PackedLists } from './packed-lists';

const lists = new Map<number, number[]>([
  [40, [7]],
  [3, [5, 1, 9]],
  [1000000, [2, 4]],
  [12, []],
  [25, [0, 3]],
]);

describe('PackedLists', () => {
  it('answers each key with its own list, in its own order', () => {
    const packed = PackedLists.of(lists);
    for (const [key, list] of lists) expect([...packed.get(key)!]).toEqual(list);
  });

  it('answers undefined for keys it does not hold, below, between and above its keys', () => {
    const packed = PackedLists.of(lists);
    for (const key of [0, 2, 4, 13, 39, 41, 999999, 1000001]) {
      expect(packed.get(key)).toBeUndefined();
    }
    expect(PackedLists.of(new Map()).get(3)).toBeUndefined();
  });
});
