import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SPELLED_OUT_CYCLE, cycleMessage, referenceCycles } from './reference-cycles';

function graph(edges: Record<number, number[]>): Map<number, number[]> {
  return new Map(Object.entries(edges).map(([id, targets]) => [Number(id), targets]));
}

/** True when the walk follows edges of the graph and comes back to where it started. */
function isClosedWalk(references: Map<number, number[]>, walk: number[]): boolean {
  if (walk.length < 2 || walk[0] !== walk.at(-1)) return false;
  return walk.slice(1).every((target, index) => references.get(walk[index]!)?.includes(target));
}

describe('referenceCycles', () => {
  it.each([
    ['no references', {}, {}],
    ['a chain', { 1: [2], 2: [3], 3: [] }, {}],
    ['a field referencing itself', { 1: [1], 2: [1] }, { 1: [1, 1] }],
    [
      'two fields referencing each other',
      { 1: [2], 2: [1], 3: [1] },
      { 1: [1, 2, 1], 2: [2, 1, 2] },
    ],
    [
      'three in a ring, entered from outside',
      { 5: [1], 1: [2], 2: [3], 3: [1] },
      { 1: [1, 2, 3, 1], 2: [2, 3, 1, 2], 3: [3, 1, 2, 3] },
    ],
    ['a diamond without a cycle', { 1: [2, 3], 2: [4], 3: [4], 4: [] }, {}],
  ])('%s', (_name, edges, expected) => {
    const cycles = referenceCycles(graph(edges));
    expect(Object.fromEntries([...cycles].map(([id, cycle]) => [id, cycle.walk]))).toEqual(
      expected,
    );
  });

  it('names a closed walk through every field of every cycle, and no other field', () => {
    const edgesArbitrary = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })), {
        maxLength: 30,
      })
      .map((pairs) => {
        const references = new Map<number, number[]>();
        for (const [from, to] of pairs) {
          const targets = references.get(from) ?? [];
          if (!targets.includes(to)) targets.push(to);
          references.set(from, targets);
        }
        return references;
      });
    fc.assert(
      fc.property(edgesArbitrary, (references) => {
        const cycles = referenceCycles(references);
        for (const id of references.keys()) {
          const walk = cycles.get(id)?.walk;
          if (walk) {
            expect(walk[0]).toBe(id);
            expect(isClosedWalk(references, walk)).toBe(true);
          } else {
            expect(reaches(references, id, id)).toBe(false);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('handles a ring of 100,000 references without recursion, naming a few of them', () => {
    const references = new Map<number, number[]>();
    for (let id = 1; id < 100_000; id += 1) references.set(id, [id + 1]);
    references.set(100_000, [1]);
    const cycles = referenceCycles(references);
    expect(cycles.size).toBe(100_000);
    expect(cycles.get(500)).toEqual({ size: 100_000, some: [1, 2, 3] });
    expect(cycleMessage(cycles.get(500)!, (id) => `F${id}`)).toBe(
      'part of a reference cycle among 100000 fields, including `F1`, `F2`, `F3`; a field cannot depend on itself',
    );
  });

  it('spells out walks up to the limit', () => {
    const ring = (size: number) =>
      new Map(Array.from({ length: size }, (_, index) => [index + 1, [((index + 1) % size) + 1]]));
    expect(referenceCycles(ring(MAX_SPELLED_OUT_CYCLE)).get(1)?.walk).toHaveLength(
      MAX_SPELLED_OUT_CYCLE + 1,
    );
    expect(referenceCycles(ring(MAX_SPELLED_OUT_CYCLE + 1)).get(1)?.walk).toBeUndefined();
  });
});

describe('cycleMessage', () => {
  it('writes the cycle the way references are written', () => {
    const names: Record<number, string> = { 1: 'Margin', 2: 'Profit' };
    const cycle = referenceCycles(graph({ 1: [2], 2: [1] })).get(1)!;
    expect(cycleMessage(cycle, (id) => names[id]!)).toBe(
      'part of a reference cycle: `Margin` → `Profit` → `Margin`; a field cannot depend on itself',
    );
  });
});

function reaches(references: Map<number, number[]>, from: number, to: number): boolean {
  const seen = new Set<number>();
  const queue = [...(references.get(from) ?? [])];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(references.get(id) ?? []));
  }
  return false;
}
