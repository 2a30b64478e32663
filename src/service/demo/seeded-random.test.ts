import { describe, expect, it } from 'vitest';
import { SeededRandom } from './seeded-random';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function draw(seed: number, count: number): number[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: count }, () => random.uint32());
}

describe('SeededRandom', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    expect(draw(42, 100)).toEqual(draw(42, 100));
    expect(draw(42, 100)).not.toEqual(draw(43, 100));
  });

  it('does not drop the bits of a seed above 32', () => {
    expect(draw(2 ** 32 + 5, 10)).not.toEqual(draw(5, 10));
  });

  it('keeps values in range', () => {
    const random = new SeededRandom(7);
    const fractions = Array.from({ length: 10_000 }, () => random.next());
    const integers = Array.from({ length: 10_000 }, () => random.int(3, 9));
    expect(Math.min(...fractions)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...fractions)).toBeLessThan(1);
    expect([...new Set(integers)].sort()).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('makes uuids in version-4 form without repeats', () => {
    const random = new SeededRandom(1);
    const ids = Array.from({ length: 5_000 }, () => random.uuid());
    for (const id of ids) expect(id).toMatch(uuidV4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('samples distinct items and never more than exist', () => {
    const random = new SeededRandom(3);
    const items = ['a', 'b', 'c', 'd', 'e'];
    for (let i = 0; i < 200; i++) {
      const picked = random.sample(items, 3);
      expect(new Set(picked).size).toBe(3);
      for (const item of picked) expect(items).toContain(item);
    }
    expect(random.sample(items, 10).sort()).toEqual(items);
  });

  it('forks streams that do not depend on use of the parent', () => {
    const used = new SeededRandom(9);
    for (let i = 0; i < 10; i++) used.uint32();
    const fresh = new SeededRandom(9);
    const fromFresh = fresh.fork(2).uint32();
    expect(used.fork(2).uint32()).toBe(fromFresh);
    expect(used.fork(3).uint32()).not.toBe(fromFresh);
  });
});
