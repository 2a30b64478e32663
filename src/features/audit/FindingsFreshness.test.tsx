import { act, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FindingsFreshness } from './FindingsFreshness';

afterEach(() => {
  vi.useRealTimers();
});

const line = () => screen.getByText(/^From the scan finished/);

test('says when the scan finished, how long ago, and the changes since that are counted', () => {
  const finished = Date.now() - (2 * 3_600_000 + 300_000);
  renderWithProviders(<FindingsFreshness scanFinished={finished} changesSinceScan={1234} />);
  expect(line()).toHaveTextContent(
    /From the scan finished .+ \(2 h ago\), with the 1,234 changes made through this server since\./,
  );
  expect(line().querySelector('time')).toHaveAttribute(
    'datetime',
    new Date(finished).toISOString(),
  );
});

test('one change is one change', () => {
  renderWithProviders(<FindingsFreshness scanFinished={Date.now()} changesSinceScan={1} />);
  expect(line()).toHaveTextContent('with the 1 change made through this server since.');
});

test('stays true while the page is open, without asking the server again', () => {
  vi.useFakeTimers();
  renderWithProviders(
    <FindingsFreshness scanFinished={Date.now() - 30_000} changesSinceScan={0} />,
  );
  expect(line()).toHaveTextContent('(30 s ago). Each number');
  act(() => vi.advanceTimersByTime(60_000));
  expect(line()).toHaveTextContent('(1 min ago). Each number');
});
