import { expect, it } from 'vitest';
import { otherFieldsNamed } from './fields-named';

it('names the other fields, the first three in their order, and counts the rest', () => {
  expect(otherFieldsNamed([2, 7], 7)).toBe('field 2');
  expect(otherFieldsNamed([2, 5, 7], 5)).toBe('fields 2 and 7');
  expect(otherFieldsNamed([1, 2, 3, 4], 1)).toBe('fields 2, 3 and 4');
  expect(otherFieldsNamed([1, 2, 3, 4, 5, 6], 3)).toBe('fields 1, 2, 4 and 2 more');
});
