import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';
import { NameGramIndex } from './name-gram-index';

// Two common letters make many names hold all the runs of three or four of a
// query without the query itself, or hold it twice, and make the end of one name
// and the start of the next spell a query together. Queries of up to 10 units
// are found from 1, 2 or 3 runs of four.
const letter = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'b'), weight: 20 },
  { arbitrary: fc.constantFrom('é', '%', ' '), weight: 1 },
);
const text = (maxLength: number) => fc.string({ unit: letter, maxLength });

/** The index with every common run a bitset, none, and as the service builds it. */
const denseShares = [
  ['from bitsets only', Infinity],
  ['from lists only', 0],
  ['from both, as in use', 64],
] as const;

/** The oracle: the positions of the sorted names that contain the query. */
const positionsHolding = (sorted: string[], query: string) =>
  sorted.flatMap((name, position) => (name.includes(query) ? [position] : []));

describe('NameGramIndex', () => {
  it.each(denseShares)(
    'finds exactly the positions whose name contains the query, %s',
    (_, denseShare) => {
      fc.assert(
        fc.property(
          fc.array(text(12), { minLength: 1, maxLength: 300 }),
          fc.array(text(10), { minLength: 1, maxLength: 20 }),
          (names, queries) => {
            const sorted = [...names].sort();
            const index = new NameGramIndex(sorted, denseShare);
            for (const query of queries.filter((candidate) => candidate.length > 0)) {
              const expected = positionsHolding(sorted, query);
              const found = index.matching(query);
              expect(found instanceof Bitset ? found.positions() : [...found]).toEqual(expected);
            }
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it.each(denseShares)(
    'counts and pages the records of a name alone, in either order, %s',
    (_, denseShare) => {
      fc.assert(
        fc.property(
          fc.array(text(12), { minLength: 1, maxLength: 300 }),
          fc.array(text(10), { minLength: 1, maxLength: 10 }),
          fc.nat({ max: 320 }),
          fc.integer({ min: 1, max: 60 }),
          fc.boolean(),
          (names, queries, skip, take, ascending) => {
            const sorted = [...names].sort();
            const index = new NameGramIndex(sorted, denseShare);
            for (const query of queries.filter((candidate) => candidate.length > 0)) {
              const matching = positionsHolding(sorted, query);
              const inOrder = ascending ? matching : matching.reverse();
              // Twice: a common run's count is kept after the first time.
              for (let time = 0; time < 2; time += 1) {
                expect(index.page(query, skip, take, ascending)).toEqual({
                  count: matching.length,
                  page: inOrder.slice(skip, skip + take),
                });
              }
            }
          },
        ),
        { numRuns: 100 },
      );
    },
  );
});
