import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Bitset } from './bitset';
import { countAndSelect } from './set-conditions';

/** Up to 3 conditions over `size` positions, each a random set, negated or not. */
const conditionsArbitrary = fc.integer({ min: 1, max: 300 }).chain((size) =>
  fc.record({
    size: fc.constant(size),
    conditions: fc.array(
      fc.record({
        members: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
        negated: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    skip: fc.nat({ max: 320 }),
    take: fc.integer({ min: 1, max: 60 }),
    ascending: fc.boolean(),
  }),
);

it('counts and pages exactly the positions that meet every condition, in either order', () => {
  fc.assert(
    fc.property(conditionsArbitrary, ({ size, conditions, skip, take, ascending }) => {
      const sets = conditions.map(({ members, negated }) => {
        const set = new Bitset(size);
        members.forEach((member, position) => member && set.add(position));
        return { set, negated };
      });
      const matching = Array.from({ length: size }, (_, position) => position).filter((position) =>
        conditions.every(({ members, negated }) => members[position] !== negated),
      );
      const inOrder = ascending ? matching : [...matching].reverse();
      expect(countAndSelect(size, sets, skip, take, ascending)).toEqual({
        count: matching.length,
        page: inOrder.slice(skip, skip + take),
      });
    }),
    { numRuns: 500 },
  );
});
