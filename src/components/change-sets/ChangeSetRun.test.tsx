import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { editorMe, itemsPageOf } from '../../api/test-support/mock-journal';
import type { ChangeSetDetail } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ChangeSetRun } from './ChangeSetRun';

// The instance stopped answering while the set ran: its item may or may not be applied.
const open: ChangeSetDetail = {
  changeSet: {
    id: 5,
    kind: 'archive',
    note: null,
    person: 'demo',
    createdAt: Date.UTC(2026, 10, 1, 12),
    finishedAt: Date.UTC(2026, 10, 1, 12, 1),
    state: 'done',
    counts: { total: 1, pending: 0, applied: 0, failed: 0, skipped: 0, unknown: 1 },
    undoOf: null,
    undoneBy: null,
  },
  items: [
    {
      fieldId: 7,
      fieldName: 'Gross Margin',
      state: 'unknown',
      reason: null,
      error: {
        status: 502,
        statusReason: 'Bad Gateway',
        message: 'no answer from the instance: fetch failed. It may have applied this',
        path: '/api/query/v1/functions/template/7',
      },
      change: { update: { archived: true } },
      before: calculatedField(7, { name: 'Gross Margin' }),
      after: null,
    },
  ],
};

const checked: ChangeSetDetail = {
  changeSet: { ...open.changeSet, counts: { ...open.changeSet.counts, unknown: 0, applied: 1 } },
  items: [{ ...open.items[0]!, state: 'applied', error: null, after: calculatedField(7) }],
};

let detail: ChangeSetDetail;
const server = setupMockApi(
  editorMe,
  http.get(journalPaths.summary(':id'), () => HttpResponse.json(detail.changeSet)),
  http.get(journalPaths.changeSet(':id'), () => HttpResponse.json(detail)),
  http.get(journalPaths.items(':id'), ({ request }) =>
    HttpResponse.json(itemsPageOf(detail, request.url)),
  ),
  http.post(journalPaths.check(':id'), () => {
    detail = checked;
    return HttpResponse.json(detail);
  }),
);

beforeEach(() => {
  startSession('token-for-tests', false);
  detail = open;
});

test('an item the instance did not confirm is said so, with why, and Check against the instance settles it', async () => {
  const { user } = renderWithProviders(<ChangeSetRun id={5} />);
  expect(await screen.findByRole('status')).toHaveTextContent(
    '0 fields changed, 1 not confirmed by the instance.',
  );
  const unconfirmed = await screen.findByRole('list', { name: 'Fields not confirmed' });
  expect(within(unconfirmed).getByRole('listitem')).toHaveTextContent(
    'Gross Margin: no answer from the instance: fetch failed. It may have applied this',
  );
  await user.click(screen.getByRole('button', { name: 'Check against the instance' }));
  expect(await screen.findByText('1 field changed.')).toBeInTheDocument();
});

test('a running set tells one story: its share done is every item settled, and the counts beside it name each part', async () => {
  // A bulk lock through the proxy, its first fields changed since the dry run: all skipped so far.
  const counts = { total: 3000, pending: 1320, applied: 0, failed: 0, skipped: 1680, unknown: 0 };
  detail = {
    changeSet: { ...open.changeSet, state: 'running', finishedAt: null, counts },
    items: [],
  };
  renderWithProviders(<ChangeSetRun id={5} />);
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Changing: 56% done (1,680 of 3,000 fields).',
  );
  expect(screen.getByRole('progressbar', { name: 'Progress of the change' })).toHaveAttribute(
    'aria-valuenow',
    '56',
  );
  const count = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
  const labels = ['Changed', 'Skipped', 'Failed', 'Remaining'];
  expect(labels.map(count)).toEqual(['0', '1,680', '0', '1,320']);
  expect(screen.queryByText('Done')).toBeNull();
});

test("a set that ends keeps its progress on screen until its lists' first items are read: no column of Loading…", async () => {
  // The run of a lock ends: three fields changed, one skipped as locked already.
  const counts = { total: 4, pending: 0, applied: 3, failed: 0, skipped: 1, unknown: 0 };
  const skippedItem = {
    ...open.items[0]!,
    state: 'skipped' as const,
    reason: 'no-change' as const,
    error: null,
    change: { update: { locked: true } },
    after: null,
  };
  detail = { changeSet: { ...open.changeSet, kind: 'lock', counts }, items: [skippedItem] };
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  server.use(
    http.get(journalPaths.items(':id'), async ({ request }) => {
      asked.push(request.url);
      await held;
      return HttpResponse.json(itemsPageOf(detail, request.url));
    }),
  );
  renderWithProviders(<ChangeSetRun id={5} onClose={() => {}} />);
  expect(await screen.findByRole('status')).toHaveTextContent('3 fields changed, 1 skipped.');
  await waitFor(() => expect(asked).toHaveLength(1));
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

  release();
  const skipped = await screen.findByRole('list', { name: 'Skipped fields' });
  expect(within(skipped).getByRole('listitem')).toHaveTextContent('Gross Margin');
  expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  expect(screen.queryByText('Loading…')).toBeNull();
});
