import { expect, test } from 'vitest';
import { changeSetAddress } from './activity-address';

test("a change set's address narrows Activity to its person and its day in the user's time zone, escaped", () => {
  const at = new Date(2026, 10, 28, 23, 30).getTime();
  expect(changeSetAddress({ id: 12, person: 'ada & co', at })).toBe(
    '/activity?person=ada+%26+co&from=2026-11-28&to=2026-11-28&changeSet=12',
  );
});
