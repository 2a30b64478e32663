import { expect, test } from 'vitest';
import { parseFieldId } from './field-id';

test('reads a positive whole number', () => {
  expect(parseFieldId('1')).toBe(1);
  expect(parseFieldId('55050301')).toBe(55050301);
  expect(parseFieldId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
});

test.each(['', '0', '-4', '+4', '04', '1e3', ' 7', '7 ', '1.5', 'abc', '9007199254740993'])(
  '%j names no field',
  (text) => {
    expect(parseFieldId(text)).toBeUndefined();
  },
);

test('no id at all names no field', () => {
  expect(parseFieldId(undefined)).toBeUndefined();
});
