import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { howLongAgo } from '../../../components/how-long-ago';
import { InstanceFreshness } from './InstanceFreshness';

test('says as of when the rows show the instance, how long ago, and when it asks again', () => {
  const asOf = Date.now() - 125_000;
  renderWithProviders(
    <InstanceFreshness
      data={{ source: 'snapshot', asOf, refreshEveryMs: 5000, checkingDeletions: true }}
    />,
  );
  const status = screen.getByRole('status', { name: 'Instance data freshness' });
  expect(status).toHaveTextContent(/Instance data as of .+ \(2 min ago\)/);
  expect(status).toHaveTextContent('at most every 5 s');
  expect(status).toHaveTextContent('Checking the instance for deleted fields');
  expect(within(status).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
    'datetime',
    new Date(asOf).toISOString(),
  );
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a failed refresh is shown with its reason, as text', () => {
  renderWithProviders(
    <InstanceFreshness
      data={{
        source: 'snapshot',
        asOf: Date.now(),
        refreshEveryMs: 5000,
        checkingDeletions: false,
        refreshError: 'the instance answered <b>503</b>',
      }}
    />,
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Showing older instance data');
  expect(alert).toHaveTextContent('the instance answered <b>503</b>');
  expect(alert.querySelector('b')).toBeNull();
});

test('before the first scan, warns that paging may repeat or skip and leads to the audit', () => {
  renderWithProviders(<InstanceFreshness data={{ source: 'instance', firstScanRunning: true }} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('The first scan of the instance is running');
  expect(alert).toHaveTextContent('paging may show some of them twice and skip others');
  expect(within(alert).getByRole('link', { name: "See the scan's progress" })).toHaveAttribute(
    'href',
    '/audit',
  );
});

test('counts seconds, then minutes, hours and days', () => {
  const now = Date.UTC(2026, 0, 10, 12);
  expect(howLongAgo(now - 3000, now)).toBe('3 s ago');
  expect(howLongAgo(now + 2000, now)).toBe('0 s ago');
  expect(howLongAgo(now - 61_000, now)).toBe('1 min ago');
  expect(howLongAgo(now - 3 * 3_600_000, now)).toBe('3 h ago');
  expect(howLongAgo(now - 3 * 86_400_000, now)).toBe('3 days ago');
});

test('rows from the listing made before the first scan: says so, with no promise of refreshes', () => {
  renderWithProviders(
    <InstanceFreshness
      data={{
        source: 'snapshot',
        asOf: Date.now(),
        refreshEveryMs: 0,
        checkingDeletions: false,
        listedOnly: true,
      }}
    />,
  );
  const status = screen.getByRole('status', { name: 'Instance data freshness' });
  expect(status).toHaveTextContent('Listed while the first scan of the instance runs');
  expect(status).not.toHaveTextContent('ask the instance what changed');
  expect(within(status).getByRole('link', { name: 'see its progress' })).toHaveAttribute(
    'href',
    '/audit',
  );
  expect(screen.queryByRole('alert')).toBeNull();
});
