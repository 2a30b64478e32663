import { describe, expect, it } from 'vitest';
import { textNestsDeeperThan, valueNestsDeeperThan } from './json-nesting';

const nestedText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('nesting depth', () => {
  it('counts arrays and objects in text, not brackets inside strings', () => {
    expect(textNestsDeeperThan(nestedText(3), 3)).toBe(false);
    expect(textNestsDeeperThan(nestedText(4), 3)).toBe(true);
    expect(textNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(textNestsDeeperThan('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(textNestsDeeperThan('[[],[],[],[]]', 2)).toBe(false);
    expect(textNestsDeeperThan(nestedText(100_000))).toBe(true);
  });

  it('counts the same in parsed values, however deep', () => {
    expect(valueNestsDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(valueNestsDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true);
    expect(valueNestsDeeperThan('[[[[', 1)).toBe(false);
    expect(valueNestsDeeperThan(JSON.parse(nestedText(100_000)))).toBe(true);
  });
});
