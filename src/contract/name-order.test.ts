import { describe, expect, test } from 'vitest';
import { compareNameKeys, compareNameOrder, nameKeyComparisonFor, nameKeyOf } from './name-order';

describe('compareNameKeys', () => {
  test('orders characters beyond U+FFFF after the private-use area, as UTF-8 bytes do', () => {
    expect(compareNameKeys('\u{1F600}', '\uFF21')).toBeGreaterThan(0);
    expect(compareNameKeys('\uFF21', '\u{1F600}')).toBeLessThan(0);
    expect(compareNameKeys('a', '\u{1F600}')).toBeLessThan(0);
    expect(compareNameKeys('\u{1F600}', '\u{1F601}')).toBeLessThan(0);
  });

  test('a prefix sorts first', () => {
    expect(compareNameKeys('abc', 'abcd')).toBeLessThan(0);
    expect(compareNameKeys('abc', 'abc')).toBe(0);
  });
});

test('the name order folds case and breaks ties on id', () => {
  const fields = [
    { id: 3, name: 'Revenue' },
    { id: 1, name: '📈 Growth' },
    { id: 2, name: 'REVENUE' },
    { id: 4, name: 'Ｒevenue' },
  ];
  const ordered = fields
    .map((field) => ({ ...field, nameKey: nameKeyOf(field.name) }))
    .sort(compareNameOrder)
    .map((field) => field.id);
  expect(ordered).toEqual([2, 3, 4, 1]);
});

test.each([
  ['with characters from U+D800 up', ['ｒ', 'r', '\u{1F4C8}', 'é', 'ab', 'a', '\uE000']],
  ['below U+D800 alone', ['é', 'r', 'ab', 'a', 'b', '']],
])('nameKeyComparisonFor sorts keys as compareNameKeys does: %s', (_, keys) => {
  const sorted = [...keys].sort(nameKeyComparisonFor(keys));
  expect(sorted).toEqual([...keys].sort(compareNameKeys));
});
