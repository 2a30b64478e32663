import fc from 'fast-check';
import { expect, it } from 'vitest';
import { integerOrder } from './integer-order';

/** The oracle: positions sorted by a comparison of key, then position. */
const sortedPositions = (keys: readonly number[]) =>
  keys.map((_, position) => position).sort((a, b) => keys[a]! - keys[b]! || a - b);

it('orders positions by whole-number key, ties in position order, over any range', () => {
  const key = fc.oneof(
    // Few values: many ties.
    fc.integer({ min: -3, max: 3 }),
    // Times in milliseconds, as created and lastModified hold them.
    fc.integer({ min: 1_600_000_000_000, max: 1_800_000_000_000 }),
    // The widest span it takes: less than 2^53.
    fc.integer({ min: -(2 ** 51), max: 2 ** 51 }),
  );
  fc.assert(
    fc.property(fc.array(key, { maxLength: 300 }), (keys) => {
      expect([...integerOrder(keys)]).toEqual(sortedPositions(keys));
    }),
    { numRuns: 300 },
  );
});
