import { fireEvent, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Headline, TrendPoint } from '../../contract/audit';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { TrendChart } from './TrendChart';

const headline = (unused: number, invalid: number): Headline => ({
  total: 1000,
  locked: 0,
  archived: 0,
  invalid,
  brokenReferences: 10,
  unused,
  exactDuplicates: 5,
  nearDuplicates: 0,
  nested: 0,
  brokenDependencies: 0,
  lint: 20,
});

const points: TrendPoint[] = [
  { scanId: 4, finished: Date.UTC(2026, 0, 1), headline: headline(400, 30) },
  { scanId: 5, finished: Date.UTC(2026, 0, 8), headline: headline(500, 40) },
  { scanId: 6, finished: Date.UTC(2026, 0, 15), headline: headline(450, 35) },
];

const plot = () => document.querySelector('[data-trend-chart] svg')!.parentElement!;

test('each line passes through every scan, scaled to an axis that ends on a round number', () => {
  renderWithProviders(<TrendChart points={points} />);
  const unused = document.querySelector('path[data-series="unused"]')!;
  // The axis runs from 0 to 600 in steps of 200: 400, 500 and 450 unused lie
  // a third, a sixth and a quarter of the way down from its top.
  expect(unused.getAttribute('d')).toBe('M0 33.33L50 16.67L100 25');
  expect(screen.getAllByText('600', { selector: 'span' })[0]).toBeInTheDocument();
});

test('each series has a plot of its own, scaled to its own numbers, so lines near zero stay apart', () => {
  renderWithProviders(<TrendChart points={points} />);
  // 30, 40 and 35 invalid on an axis of their own, 0 to 40 (not 0 to 600 with unused).
  expect(document.querySelector('path[data-series="invalid"]')!.getAttribute('d')).toBe(
    'M0 25L50 0L100 12.5',
  );
  expect(document.querySelectorAll('[data-trend-chart] svg')).toHaveLength(5);
});

test('pointing at a plot shows the nearest scan with its number, and leaving hides it', () => {
  renderWithProviders(<TrendChart points={points} />);
  const area = plot();
  area.getBoundingClientRect = () => ({ left: 100, width: 400 }) as DOMRect;
  // 170 px into the 400 px plot: nearer the second scan (at 200 px) than the first (at 0).
  fireEvent.mouseMove(area, { clientX: 270 });
  const tip = screen.getByText(/^#5 /, { selector: 'strong' }).parentElement!;
  // The first plot is unused's.
  expect(tip).toHaveTextContent(/500$/);
  fireEvent.mouseLeave(area);
  expect(screen.queryByText(/^#5 /, { selector: 'strong' })).toBeNull();
});

test('one scan is no trend yet, and the chart says so', () => {
  renderWithProviders(<TrendChart points={points.slice(0, 1)} />);
  expect(
    screen.getByText('The trend appears once there are two complete scans.'),
  ).toBeInTheDocument();
  expect(document.querySelector('path[data-series]')).toBeNull();
});
