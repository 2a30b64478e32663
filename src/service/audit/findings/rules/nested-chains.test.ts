import { describe, expect, it } from 'vitest';
import { referenceCycles } from '../../../../analysis/reference-cycles';
import { deepestChain, nestingDepths } from './nested-chains';

/** The depths of `nests` (field id -> the ids it nests), and each field's deepest chain. */
function depthsOf(nests: Array<[number, number[]]>) {
  const references = new Map(nests);
  const depth = nestingDepths(references, referenceCycles(references));
  const chains = new Map(
    [...references.keys()].map((id) => [id, deepestChain(id, references, depth)]),
  );
  return { depth: Object.fromEntries(depth), chains: Object.fromEntries(chains) };
}

describe('nesting depths', () => {
  it('a chain: one more than the deepest field nested', () => {
    expect(
      depthsOf([
        [3, [2]],
        [2, [1]],
        [1, []],
      ]).depth,
    ).toEqual({ 1: 0, 2: 1, 3: 2 });
  });

  it("a cycle's fields all get its length, whichever is walked first", () => {
    const forward = depthsOf([
      [1, [2]],
      [2, [1]],
    ]);
    const backward = depthsOf([
      [2, [1]],
      [1, [2]],
    ]);
    expect(forward.depth).toEqual({ 1: 2, 2: 2 });
    expect(backward.depth).toEqual(forward.depth);
    // The chain goes round the cycle and back to where it started.
    expect(forward.chains).toEqual({ 1: [1, 2, 1], 2: [2, 1, 2] });
  });

  it('a field nesting itself is a cycle of one', () => {
    expect(depthsOf([[7, [7]]]).depth).toEqual({ 7: 1 });
  });

  it("a cycle's length adds to the depth below it, and to the fields above it", () => {
    // 10 nests the cycle 1 ⇄ 2 ⇄ 3, whose 3 nests 4, which nests 5.
    const { depth } = depthsOf([
      [10, [1]],
      [1, [2]],
      [2, [3, 1]],
      [3, [1, 4]],
      [4, [5]],
    ]);
    expect(depth).toEqual({ 10: 5, 1: 4, 2: 4, 3: 4, 4: 1, 5: 0 });
  });
});
