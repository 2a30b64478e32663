import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringsAndComments } from './find-replace';
import { remapColumn } from './remap-column';
import { repointNested } from './repoint-nested';

const fragments = [
  '`Sales`',
  '`Cost`',
  "'`Sales`'",
  '"`New`"',
  '/* `Sales` */',
  '-- `Sales`\n',
  'SUM(',
  ')',
  ' ',
  '+',
  ',',
  "'it''s'",
  '`',
  "'",
  'SERVICE_BEAST_MODE(5)',
  'SERVICE_BEAST_MODE( 6 )',
  "'SERVICE_BEAST_MODE(5)'",
  '12',
];
const expression = fc
  .array(fc.constantFrom(...fragments), { maxLength: 30 })
  .map((parts) => parts.join(''));

describe('a remap followed by its inverse', () => {
  it('gives back every expression byte for byte when the new name was not used', () => {
    fc.assert(
      fc.property(expression, (text) => {
        const there = remapColumn(text, 'Sales', 'Revenue').expression;
        expect(remapColumn(there, 'Revenue', 'Sales').expression).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves every string and comment as it was', () => {
    const untouched = (text: string) =>
      stringsAndComments(text).map(({ start, end }) => text.slice(start, end));
    fc.assert(
      fc.property(expression, (text) => {
        const there = remapColumn(text, 'Sales', 'Revenue').expression;
        expect(untouched(there)).toEqual(untouched(text));
      }),
      { numRuns: 500 },
    );
  });

  it('repointing nested ids and back gives every expression back', () => {
    fc.assert(
      fc.property(expression, (text) => {
        const there = repointNested(text, new Set([5]), 99).expression;
        expect(repointNested(there, new Set([99]), 5).expression).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
