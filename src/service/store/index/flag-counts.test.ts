import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Bitset } from './bitset';
import { FlagCounts } from './flag-counts';

const size = 70;
const membersArbitrary = fc.array(fc.boolean(), { minLength: size, maxLength: size });

it('counts one or two flags, negated or not, exactly, also after their sets change', () => {
  fc.assert(
    fc.property(
      fc.array(membersArbitrary, { minLength: 3, maxLength: 3 }),
      fc.array(fc.tuple(fc.nat({ max: 2 }), fc.nat({ max: size - 1 }), fc.boolean()), {
        maxLength: 20,
      }),
      fc.tuple(fc.nat({ max: 2 }), fc.boolean(), fc.option(fc.nat({ max: 2 })), fc.boolean()),
      (members, changes, [a, negatedA, b, negatedB]) => {
        const sets = members.map((flags) => {
          const set = new Bitset(size);
          flags.forEach((member, position) => member && set.add(position));
          return set;
        });
        const counts = new FlagCounts(size, sets);
        for (const [which, position, value] of changes) counts.set(sets[which]!, position, value);
        const conditions = [{ set: sets[a]!, negated: negatedA }];
        if (b !== null) conditions.push({ set: sets[b]!, negated: negatedB });
        const matching = Array.from({ length: size }, (_, position) => position).filter(
          (position) => conditions.every(({ set, negated }) => set.has(position) !== negated),
        );
        expect(counts.countOf(conditions)).toBe(matching.length);
      },
    ),
    { numRuns: 300 },
  );
});

it('leaves other conditions, and more than two, to be counted', () => {
  const flag = Bitset.of(10, [1, 2]);
  const other = Bitset.of(10, [2]);
  const counts = new FlagCounts(10, [flag]);
  expect(counts.countOf([{ set: other, negated: false }])).toBeUndefined();
  const three = [flag, flag, flag].map((set) => ({ set, negated: false }));
  expect(counts.countOf(three)).toBeUndefined();
});
