import { expect, test } from 'vitest';
import { findingHeadlines, findingKeys, findingsWithoutHeadline } from './audit';

// A finding without a headline number has no trend and no change since the scan
// before: the audit page would show "–" for it. Leaving one out takes a reason.
test.each(findingKeys)('%s has a headline number, or a reason why not', (key) => {
  const number = findingHeadlines[key];
  const reason = findingsWithoutHeadline[key];
  expect(number === undefined ? reason : number, key).toBeTruthy();
  expect(number !== undefined && reason !== undefined, `${key}: a number and a reason`).toBe(false);
});

test("no two findings share a headline number: each counts its own finding's fields", () => {
  const numbers = Object.values(findingHeadlines);
  expect(new Set(numbers).size).toBe(numbers.length);
});
