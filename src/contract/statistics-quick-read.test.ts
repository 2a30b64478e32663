import fc from 'fast-check';
import { expect, test } from 'vitest';
import { statisticsSchema } from './statistics';
import { quickReadStatistics } from './statistics-quick-read';

// The quick read is the schema's shortcut, never a second shape: on any answer it must
// read what statisticsSchema reads, or leave the answer to it.

const names = Object.keys(statisticsSchema.shape);

/** Mostly a safe integer; now and then past them, a fraction or any JSON value. */
const count = fc.oneof(
  { arbitrary: fc.integer({ min: 0 }), weight: 200 },
  fc.maxSafeInteger(),
  fc.constant(2 ** 53),
  fc.double(),
  fc.jsonValue(),
);

/** Mostly null; now and then `value`. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 8 }, { arbitrary: value, weight: 1 });

/** The eight numbers, now and then one left out or one more of any name; or any JSON value. */
const answer = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        fc.record(Object.fromEntries(names.map((name) => [name, count]))),
        rarely(fc.constantFrom(...names)),
        rarely(fc.tuple(fc.string({ maxLength: 8 }), fc.jsonValue())),
      )
      .map(([numbers, leftOut, extra]) => {
        const shaped: Record<string, unknown> = { ...numbers };
        if (leftOut !== null) delete shaped[leftOut];
        if (extra !== null) shaped[extra[0]] = extra[1];
        return shaped;
      }),
    weight: 20,
  },
  fc.jsonValue(),
);

test('reads every answer as statisticsSchema does, or leaves it to the schema', () => {
  let read = 0;
  fc.assert(
    fc.property(answer, (data) => {
      const quick = quickReadStatistics(data);
      if (quick === undefined) return;
      read++;
      expect(quick).toEqual(statisticsSchema.parse(data));
    }),
    { numRuns: 1000 },
  );
  // Most answers of the contract's shape are read without the schema.
  expect(read).toBeGreaterThan(300);
});

test('takes an answer of the contract’s shape, and no other', () => {
  const numbers = Object.fromEntries(names.map((name, index) => [name, index * 1000]));
  expect(quickReadStatistics(numbers)).toEqual(numbers);
  expect(quickReadStatistics({ ...numbers, extra: 'dropped' })).toEqual(numbers);
  expect(quickReadStatistics({ ...numbers, locked: 1.5 })).toBeUndefined();
  expect(quickReadStatistics({ ...numbers, locked: '3' })).toBeUndefined();
  expect(quickReadStatistics([])).toBeUndefined();
});
