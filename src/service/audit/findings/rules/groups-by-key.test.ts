import { describe, expect, it } from 'vitest';
import { GroupsByKey, hashOfKey } from './groups-by-key';

interface Item {
  id: number;
  scope: number;
  key: string;
}

/** Items with few scopes and keys, so that many share both, and some share one only. */
const items: Item[] = Array.from({ length: 400 }, (_, index) => ({
  id: index * 3 + 1,
  scope: (index * 7) % 3,
  key: `key-${(index * 13) % 29}`,
}));

/** The groups a Map by scope and key makes: every group, alone or not, as ids. */
function groupedByMap(given: readonly Item[]): number[][] {
  const groups = new Map<string, number[]>();
  for (const { id, scope, key } of given) {
    const name = JSON.stringify([scope, key]);
    groups.set(name, [...(groups.get(name) ?? []), id]);
  }
  return [...groups.values()].filter((ids) => ids.length > 1);
}

function grouped(given: readonly Item[], hash?: (scope: number, key: string) => number) {
  const byId = new Map(given.map((item) => [item.id, item]));
  const groups = new GroupsByKey({
    fieldOf: (id) => byId.get(id)!,
    scopeOf: (item) => item.scope,
    keyOf: (item) => item.key,
    start: (first: Item) => [first.id],
    hash,
  });
  for (const item of given) groups.joined(item.scope, item.key, item)?.push(item.id);
  return [...groups.groups()].filter((ids) => ids.length > 1);
}

const sorted = (groups: number[][]) => groups.sort((a, b) => a[0]! - b[0]!);

describe('GroupsByKey', () => {
  it('groups as a Map by scope and key does', () => {
    expect(sorted(grouped(items))).toEqual(sorted(groupedByMap(items)));
  });

  it('groups the same when every scope and key hash alike, or a few do', () => {
    const expected = sorted(groupedByMap(items));
    expect(sorted(grouped(items, () => 0))).toEqual(expected);
    expect(sorted(grouped(items, (scope, key) => hashOfKey(scope, key) % 5))).toEqual(expected);
  });

  it('hashes to a small whole number', () => {
    for (const { scope, key } of items) {
      const hash = hashOfKey(scope, key);
      expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30).toBe(true);
    }
    expect(hashOfKey(0, 'a')).not.toBe(hashOfKey(1, 'a'));
  });
});
