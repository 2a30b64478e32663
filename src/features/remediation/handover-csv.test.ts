import { expect, test } from 'vitest';
import { handoverCsv } from './handover-csv';

test("the hand-over plan as CSV: each field by its id and name, as the fields' export and the plan on screen tell fields that share a name apart; places and people by name; a name that looks like a formula made text", () => {
  const csv = handoverCsv({
    kind: 'handover',
    summary: '2 fields owned by Ada Lovelace',
    items: [
      {
        id: 1,
        name: '=HYPERLINK("x")',
        action: 'change',
        to: 'Grace Hopper',
        rule: 'the person chosen',
        place: 'Sales Orders',
      },
      {
        id: 2,
        name: 'Margin',
        action: 'skip',
        reason: 'locked: unlock it first',
        place: 'Sales, EU',
      },
    ],
    changes: [],
    counts: { change: 1, skip: 1, invalid: 0 },
  });
  expect(csv).toBe(
    '\uFEFFID,Field,Where it lives,To,Rule,Not handed over because\r\n' +
      `1,"'=HYPERLINK(""x"")",Sales Orders,Grace Hopper,the person chosen,\r\n` +
      '2,Margin,"Sales, EU",,,locked: unlock it first\r\n',
  );
});
