import { expect, test } from 'vitest';
import { changedPart } from './changed-part';

test('only the part that changed, with a little context either side', () => {
  const head = 'CASE WHEN `Region` = ';
  const tail = ' THEN SUM(`Amount`) ELSE 0 END';
  const part = changedPart(`${head}'North'${tail}`, `${head}'South'${tail}`);
  expect(part).toEqual({
    before: "CASE WHEN `Region` = '",
    cutBefore: false,
    // Whole words, though both end in "th".
    removed: 'North',
    added: 'South',
    after: "' THEN SUM(`Amount`) ELS",
    cutAfter: true,
  });
});

test('an addition at the end removes nothing; identical expressions change nothing', () => {
  expect(changedPart('SUM(`A`)', 'SUM(`A`) / 100')).toMatchObject({ removed: '', added: ' / 100' });
  expect(changedPart('1', '1')).toMatchObject({ removed: '', added: '' });
});
