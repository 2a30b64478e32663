import { describe, expect, it } from 'vitest';
import { preview } from './preview';

describe('preview', () => {
  it('shows small values as JSON', () => {
    expect(preview(0)).toBe('0');
    expect(preview('x')).toBe('"x"');
    expect(preview({ a: [1, true, null] })).toBe('{"a":[1,true,null]}');
    expect(preview(undefined)).toBe('nothing');
  });

  it('cuts long values to the length asked for', () => {
    expect(preview('y'.repeat(1_000_000))).toHaveLength(60);
    expect(
      preview(
        Array.from({ length: 100_000 }, (_, index) => index),
        20,
      ),
    ).toBe('[0,1,2,3,4,5,6,7,...');
  });

  it('stops a few levels down, however deep the value nests', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(preview(deep)).toBe('[[[[...]]]]');
    expect(preview({ k: { k: { k: { k: 1 } } } })).toBe('{"k":{"k":{"k":{...}}}}');
  });
});
