import { expect, test } from 'vitest';
import { cardOwnersAnswerSchema, dataSourceOwnersAnswerSchema } from './names';

test("owners read tolerantly: a number, digits or an object with an id; a card's group is no person", () => {
  expect(
    dataSourceOwnersAnswerSchema.parse({
      dataSources: [
        { id: 'a', name: 'Sales', owner: 101 },
        { id: 'b', name: 'Tickets', owner: { id: '102', name: 'Grace Hopper', type: 'USER' } },
        { id: 'c', name: 'Ledger', owner: null },
        { name: 'no id' },
      ],
    }),
  ).toEqual([
    { id: 'a', name: 'Sales', owner: 101 },
    { id: 'b', name: 'Tickets', owner: 102 },
    { id: 'c', name: 'Ledger' },
  ]);
  expect(
    cardOwnersAnswerSchema.parse([
      {
        id: 'dr:1:1',
        title: 'Revenue',
        owners: [
          { id: 7, type: 'GROUP', displayName: 'Finance' },
          { id: '104', type: 'USER', displayName: 'Margaret Hamilton' },
          { id: 'x' },
        ],
      },
      { id: 'dr:2:5', title: 'Open Tickets' },
    ]),
  ).toEqual([
    { id: 'dr:1:1', title: 'Revenue', owners: [104] },
    { id: 'dr:2:5', title: 'Open Tickets', owners: [] },
  ]);
});
