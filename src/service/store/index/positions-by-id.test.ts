import { describe, expect, it } from 'vitest';
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
});
