import { describe, expect, it } from 'vitest';
import { resolveNestedReferences } from './nested-references';

describe('resolveNestedReferences', () => {
  const resolved = resolveNestedReferences([
    { id: 1, nests: [] },
    { id: 2, nests: [1, 99] },
    { id: 3, nests: [2, 1] },
    { id: 4, nests: [4] },
    { id: 5, nests: [6] },
    { id: 6, nests: [5] },
  ]);

  it('lists who nests each field, leaving a self-reference out', () => {
    expect(new Map(resolved.nestedBy)).toEqual(
      new Map([
        [1, [2, 3]],
        [2, [3]],
        [5, [6]],
        [6, [5]],
      ]),
    );
  });

  it('keeps apart the ids no field has', () => {
    expect(new Map(resolved.unknown)).toEqual(new Map([[2, [99]]]));
    expect(resolved.nests.get(2)).toEqual([1]);
  });

  it('finds the cycles, a field nesting itself among them', () => {
    expect([...resolved.cycles.keys()].sort()).toEqual([4, 5, 6]);
    expect(resolved.cycles.get(4)!.walk).toEqual([4, 4]);
    expect(resolved.cycles.get(5)!.walk).toEqual([5, 6, 5]);
  });
});
