import { expect, test } from 'vitest';
import { withPlaceOwners } from './place-owners';

test('asks 100 ids a call and at most 4 calls at once, and keeps what each answered', async () => {
  const dataSources = Array.from({ length: 950 }, (_, index) => `ds-${index}`);
  const asked: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const directory = await withPlaceOwners(
    undefined,
    { dataSources, cards: ['dr:1:1'] },
    {
      dataSources: async (ids) => {
        asked.push(ids.length);
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return ids.map((id) => ({ id, owner: 7 }));
      },
      cards: async () => undefined,
    },
  );
  expect(asked).toEqual([100, 100, 100, 100, 100, 100, 100, 100, 100, 50]);
  expect(mostInFlight).toBe(4);
  expect(directory!.placeOwners!.dataSources!.size).toBe(950);
  expect(directory!.placeOwners!.dataSources!.get('ds-949')).toEqual({ owner: 7 });
  // An instance without the cards endpoint: their owners stay unknown, not empty.
  expect(directory!.placeOwners!.cards).toBeUndefined();
});

test('stops asking an endpoint once the instance has answered that it has none', async () => {
  const cards = Array.from({ length: 2000 }, (_, index) => `dr:1:${index}`);
  let asked = 0;
  const directory = await withPlaceOwners(
    undefined,
    { dataSources: [], cards },
    {
      dataSources: async () => [],
      cards: async () => {
        asked += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return undefined;
      },
    },
  );
  // The calls already in flight when the first answered, and no more of the 20.
  expect(asked).toBeLessThanOrEqual(4);
  expect(directory?.placeOwners?.cards).toBeUndefined();
});
