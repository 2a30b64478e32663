import { describe, expect, it } from 'vitest';
import { jsonTextProblem, valueNestsDeeperThan } from './json-safety';

const nestedText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const tooDeep = /nests arrays and objects more than/;

describe('jsonTextProblem', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonTextProblem(nestedText(3), 3)).toBeUndefined();
    expect(jsonTextProblem(nestedText(4), 3)).toMatch(tooDeep);
    expect(jsonTextProblem('{"a":{"b":[1]}}', 3)).toBeUndefined();
    expect(jsonTextProblem('{"a":"[[[[[[\\"[[[["}', 1)).toBeUndefined();
    expect(jsonTextProblem('[[],[],[],[]]', 2)).toBeUndefined();
    expect(jsonTextProblem(nestedText(100_000))).toMatch(tooDeep);
  });

  it('finds a key repeated in one object, however it is spelled', () => {
    expect(jsonTextProblem('{"locked":true,"locked":false}')).toBe(
      'the body repeats the key "locked"',
    );
    expect(jsonTextProblem('{"locked":true, "\\u006cocked" :false}')).toBe(
      'the body repeats the key "locked"',
    );
    expect(jsonTextProblem('{"sort":{"field":"name","field":"id"}}')).toMatch(/"field"/);
  });

  it('allows the same key in different objects, and strings that only look like keys', () => {
    expect(jsonTextProblem('[{"field":"a"},{"field":"b"}]')).toBeUndefined();
    expect(jsonTextProblem('{"a":{"a":1},"b":["a","a"]}')).toBeUndefined();
    expect(jsonTextProblem('{"name":"x:y","other":"name"}')).toBeUndefined();
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(jsonTextProblem('{"open')).toBeUndefined();
    expect(jsonTextProblem('')).toBeUndefined();
  });
});

describe('valueNestsDeeperThan', () => {
  it('counts the same in parsed values, however deep', () => {
    expect(valueNestsDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(valueNestsDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true);
    expect(valueNestsDeeperThan('[[[[', 1)).toBe(false);
    expect(valueNestsDeeperThan(JSON.parse(nestedText(100_000)))).toBe(true);
  });
});
