import { describe, expect, it } from 'vitest';
import { finished } from '../in-turns';
import { PositionsById } from './positions-by-id';

describe('PositionsById', () => {
  it.each([
    ['small dense ids', [7, 3, 1, 12]],
    ['ids far apart', [2 ** 40, 5, 2 ** 52, 9]],
    ['ids that are not whole or not positive', [0.5, -3, 4, 0]],
  ])('finds the position of each of %s, and nothing for others', (_, ids) => {
    const lookup = new PositionsById(Float64Array.from(ids));
    ids.forEach((id, position) => expect(lookup.get(id)).toBe(position));
    expect(lookup.get(2)).toBeUndefined();
    expect(lookup.get(13)).toBeUndefined();
    expect(lookup.get(-1)).toBeUndefined();
    expect(Array.from(lookup.positionsOf([...ids].reverse()))).toEqual(
      ids.map((_, position) => position).reverse(),
    );
  });

  it.each([
    ['dense', (at: number) => at * 3 + 1],
    ['sparse', (at: number) => 2 ** 40 + at],
  ])('is made in steps over many %s ids, finding the same positions', (_, idAt) => {
    const ids = Float64Array.from({ length: 300_000 }, (_, at) => idAt(at));
    const steps = PositionsById.inSteps(ids);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    const lookup = step.value;

    // Each pause is a point where a request may be answered (store/in-turns.ts).
    expect(pauses).toBeGreaterThanOrEqual(3);
    for (const at of [0, 1, 131_071, 131_072, 299_999]) expect(lookup.get(idAt(at))).toBe(at);
    expect(lookup.get(idAt(300_000))).toBeUndefined();
    expect(finished(PositionsById.inSteps(ids.subarray(0, 5))).get(idAt(4))).toBe(4);
  });
});
