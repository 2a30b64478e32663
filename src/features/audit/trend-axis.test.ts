import { expect, test } from 'vitest';
import { labelledPoints, valueAxis } from './trend-axis';

test('the value axis ends on a round number at or above the largest value', () => {
  expect(valueAxis(52_019)).toEqual({ top: 60_000, ticks: [0, 20_000, 40_000, 60_000] });
  expect(valueAxis(10_000)).toEqual({ top: 10_000, ticks: [0, 2_500, 5_000, 7_500, 10_000] });
  expect(valueAxis(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
  expect(valueAxis(1)).toEqual({ top: 1, ticks: [0, 1] });
});

test('an axis of nothing still has a height, so every line lies on its floor', () => {
  expect(valueAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
});

test('time labels keep the first and the last point and never pass the most asked for', () => {
  expect(labelledPoints(3, 6)).toEqual([0, 1, 2]);
  expect(labelledPoints(30, 6)).toEqual([0, 6, 12, 17, 23, 29]);
  expect(labelledPoints(2, 6)).toEqual([0, 1]);
});
