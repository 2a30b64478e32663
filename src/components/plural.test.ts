import { expect, test } from 'vitest';
import { fieldCount, plural } from './plural';

test('one takes the singular; none and many the plural', () => {
  expect(plural(1, 'card', 'cards')).toBe('1 card');
  expect(plural(0, 'card', 'cards')).toBe('0 cards');
  expect(plural(2, 'source', 'sources')).toBe('2 sources');
});

test('counts are written as the user’s locale writes numbers', () => {
  expect(fieldCount(2000)).toBe(`${(2000).toLocaleString()} fields`);
  expect(fieldCount(1)).toBe('1 field');
});
