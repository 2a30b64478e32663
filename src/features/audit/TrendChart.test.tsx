import { fireEvent, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Headline, TrendPoint } from '../../contract/audit';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { fixOrder } from './fix-first';
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
  inactiveOwners: 0,
  hiddenNameCharacters: 0,
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
  expect(document.querySelectorAll('[data-trend-chart] svg')).toHaveLength(fixOrder.length);
});

test('pointing at a plot shows the nearest scan with its number, and leaving hides it', () => {
  renderWithProviders(<TrendChart points={points} />);
  const area = plot();
  area.getBoundingClientRect = () => ({ left: 100, width: 400 }) as DOMRect;
  // 170 px into the 400 px plot: nearer the second scan (at 200 px) than the first (at 0).
  fireEvent.mouseMove(area, { clientX: 270 });
  const tip = screen.getByText(/^#5 /, { selector: 'strong' }).parentElement!;
  // The first plot is the first finding of the ranked list's: invalid.
  expect(tip).toHaveTextContent(/40$/);
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

test('a scan kept from before a number was counted leaves a gap in its line, and says not counted', () => {
  const { inactiveOwners: _counted, ...older } = headline(400, 30);
  renderWithProviders(
    <TrendChart
      points={[
        { ...points[0]!, headline: older },
        { ...points[1]!, headline: { ...headline(500, 40), inactiveOwners: 4 } },
        { ...points[2]!, headline: { ...headline(450, 35), inactiveOwners: 2 } },
      ]}
    />,
  );
  // 4 and 2 on an axis of 0 to 4: the line starts at the second scan.
  const line = document.querySelector('path[data-series="inactiveOwners"]')!;
  expect(line.getAttribute('d')).toBe('M50 0L100 50');
  expect(line.nextElementSibling!.getAttribute('d')).toBe('M50 0h0M100 50h0');
  const table = screen.getByRole('table', { name: 'Problems across scans' });
  const column = [...table.querySelectorAll('th')].findIndex(
    (cell) => cell.textContent === 'Owned by inactive users',
  );
  const cells = [...table.querySelectorAll('tbody tr')].map(
    (row) => row.children[column]!.textContent,
  );
  expect(cells).toEqual(['not counted', '4', '2']);
});
