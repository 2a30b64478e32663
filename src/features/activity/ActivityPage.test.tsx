import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, onTestFinished, test, vi } from 'vitest';
import { endSession, startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { itemsPageOf } from '../../api/test-support/mock-journal';
import { nameHandlers } from '../../api/test-support/mock-names';
import type {
  ChangeSetDetail,
  ChangeSetSummary,
  KeptPlan,
  Me,
  UndoAnswer,
} from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { currentUrl, renderWithProviders } from '../../test-support/render-with-providers';
import { ActivityPage } from './ActivityPage';

const summary = (id: number, overrides: Partial<ChangeSetSummary> = {}): ChangeSetSummary => ({
  id,
  kind: 'rename',
  note: null,
  person: 'ada',
  createdAt: Date.UTC(2026, 10, 1, 12),
  finishedAt: Date.UTC(2026, 10, 1, 12, 1),
  state: 'done',
  counts: { total: 2, pending: 0, applied: 2, failed: 0, skipped: 0, unknown: 0 },
  undoOf: null,
  undoneBy: null,
  ...overrides,
});

const sets = [
  // As its items below say: two fields applied, one skipped.
  summary(2, { counts: { total: 3, pending: 0, applied: 2, failed: 0, skipped: 1, unknown: 0 } }),
  summary(1, { kind: 'owner', person: 'grace' }),
];

const detail: ChangeSetDetail = {
  changeSet: sets[0]!,
  items: [
    {
      fieldId: 7,
      fieldName: 'Gross Margin',
      state: 'applied',
      reason: null,
      error: null,
      change: { update: { name: 'Margin' } },
      before: calculatedField(7, { name: 'Gross Margin' }),
      after: calculatedField(7, { name: 'Margin', lastModified: 1_800_000_000_000 }),
    },
    {
      fieldId: 8,
      fieldName: 'Locked One',
      state: 'skipped',
      reason: 'locked',
      message: 'locked: unlock it first',
      error: null,
      change: { update: { name: 'X' } },
      before: calculatedField(8, { locked: true }),
      after: null,
    },
    {
      fieldId: 20,
      fieldName: 'Net Revenue',
      state: 'applied',
      reason: null,
      error: null,
      change: { restore: true },
      before: null,
      after: calculatedField(21, { name: 'Net Revenue' }),
      newId: 21,
    },
  ],
};

let me: Me;
let listAsked: URLSearchParams[];
let undone: Array<{ id: string; dryRun: boolean }>;
/** Each start of a change set: an undo's is its kept dry run's id. */
let confirmed: unknown[];
let meAsked: number;

const server = setupMockApi();
beforeEach(() => {
  startSession('token-for-tests', false);
  me = { person: 'ada', role: 'editor', canWrite: true };
  listAsked = [];
  undone = [];
  confirmed = [];
  meAsked = 0;
  server.use(
    http.get(journalPaths.me, () => {
      meAsked += 1;
      return HttpResponse.json(me);
    }),
    http.get(journalPaths.changeSets, ({ request }) => {
      const query = new URL(request.url).searchParams;
      listAsked.push(query);
      const matching = sets.filter(
        (set) =>
          (!query.get('kind') || set.kind === query.get('kind')) &&
          (!query.get('person') || set.person === query.get('person')),
      );
      return HttpResponse.json({ total: matching.length, changeSets: matching });
    }),
    http.get(journalPaths.changeSet(':id'), () => HttpResponse.json(detail)),
    http.get(journalPaths.items(':id'), ({ request }) =>
      HttpResponse.json(itemsPageOf(detail, request.url)),
    ),
    http.post(journalPaths.undo(':id'), async ({ request, params }) => {
      const { dryRun } = (await request.json()) as { dryRun: boolean };
      undone.push({ id: String(params.id), dryRun });
      const plan: KeptPlan = {
        id: 31,
        kind: 'undo',
        counts: { change: 2, skip: 1, repoint: 1 },
        expiresAt: Date.now() + 3_600_000,
        items: [
          {
            id: 7,
            name: 'Gross Margin',
            action: 'skip',
            reason: 'changed-since',
            message: 'it changed again since; undo refuses it',
            before: null,
            after: null,
          },
          { id: 9, name: 'Other', action: 'change', before: null, after: null },
          {
            id: 15,
            name: 'Margin Pct',
            action: 'change',
            message: 'SERVICE_BEAST_MODE(9) → SERVICE_BEAST_MODE(the new id of "Other")',
            repoint: { from: 9 },
            before: null,
            after: null,
          },
        ],
      };
      const answer: UndoAnswer = { changeSet: null, plan };
      return HttpResponse.json(answer);
    }),
    http.post(journalPaths.changeSets, async ({ request }) => {
      confirmed.push(await request.json());
      return HttpResponse.json(summary(3, { kind: 'undo', undoOf: 2, state: 'running' }));
    }),
  );
});
afterEach(() => endSession());

test('lists the change sets, filters them by person, and says when none match', async () => {
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  const table = await screen.findByRole('table', { name: 'Change sets' });
  expect(within(table).getByText('#2 rename')).toBeTruthy();
  expect(within(table).getByText('#1 owner')).toBeTruthy();

  await user.type(screen.getByLabelText('Person'), 'grace');
  await waitFor(() => expect(screen.queryByText('#2 rename')).toBeNull());
  expect(screen.getByText('#1 owner')).toBeTruthy();
  expect(listAsked.at(-1)?.get('person')).toBe('grace');

  await user.clear(screen.getByLabelText('Person'));
  await user.type(screen.getByLabelText('Person'), 'nobody');
  expect(await screen.findByText(/No change sets match/)).toBeTruthy();
});

test('a set of one field names it in its row, before its items are read', async () => {
  server.use(
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({
        total: 1,
        changeSets: [
          summary(3, {
            counts: { total: 1, pending: 0, applied: 1, failed: 0, skipped: 0, unknown: 0 },
            onlyField: { id: 7, name: 'Gross Margin' },
          }),
        ],
      }),
    ),
  );
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  const table = await screen.findByRole('table', { name: 'Change sets' });
  const row = within(table).getByText('#3 rename').closest('tr')!;
  expect(within(row).getByText('Gross Margin')).toBeTruthy();
  expect(row.textContent).toContain('(field 7)');
});

test('keeps the filters in the address, so a link or a reload shows the same sets', async () => {
  const { user } = renderWithProviders(<ActivityPage />, {
    url: '/activity?person=grace&kind=owner&from=2026-11-01&to=2026-11-02',
  });
  await screen.findByText('#1 owner');
  expect(screen.queryByText('#2 rename')).toBeNull();
  expect((screen.getByLabelText('Person') as HTMLInputElement).value).toBe('grace');
  expect((screen.getAllByLabelText('Kind')[0] as HTMLInputElement).value).toBe('owner');
  expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
  expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-02');
  const asked = listAsked.at(-1)!;
  expect([asked.get('person'), asked.get('kind')]).toEqual(['grace', 'owner']);
  expect(Number(asked.get('from'))).toBe(new Date('2026-11-01T00:00:00').getTime());
  expect(Number(asked.get('to'))).toBe(new Date('2026-11-02T23:59:59.999').getTime());

  await user.clear(screen.getByLabelText('Person'));
  await user.type(screen.getByLabelText('Person'), 'ada');
  await waitFor(() =>
    expect(Object.fromEntries(new URL(currentUrl(), 'http://app').searchParams)).toEqual({
      person: 'ada',
      kind: 'owner',
      from: '2026-11-01',
      to: '2026-11-02',
    }),
  );
});

test('ignores filters in the address it cannot read', async () => {
  renderWithProviders(<ActivityPage />, { url: '/activity?kind=nonsense&from=yesterday' });
  await screen.findByText('#2 rename');
  expect(listAsked.at(-1)?.has('kind')).toBe(false);
  expect(listAsked.at(-1)?.has('from')).toBe(false);
});

test('expands a set to its items: the field linking to its drawer, state, reason and the diff', async () => {
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  const toggle = await screen.findByRole('button', { name: '#2 rename' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const items = await screen.findByRole('list', { name: 'Items of change set 2' });
  const link = within(items).getByRole('link', { name: 'Gross Margin' });
  expect(link.getAttribute('href')).toBe('/fields/7');
  expect(within(items).getByText('locked: unlock it first')).toBeTruthy();
  expect(within(items).getByText('Gross Margin', { selector: 'code > bdi' })).toBeTruthy();
  expect(within(items).getByText('Margin', { selector: 'code > bdi' })).toBeTruthy();
  // A field the instance created again says its new id: the fields that nested it name that one.
  expect(within(items).getByText('created again as field 21')).toBeTruthy();
});

test("a hand-over's items name the owners, as the table and the drawer do", async () => {
  const handedOver: ChangeSetDetail = {
    changeSet: sets[1]!,
    items: [
      {
        fieldId: 9,
        fieldName: 'Churn',
        state: 'applied',
        reason: null,
        error: null,
        change: { update: { owner: 102 } },
        before: calculatedField(9, { name: 'Churn', owner: 101 }),
        after: calculatedField(9, { name: 'Churn', owner: 102 }),
      },
    ],
  };
  server.use(
    ...nameHandlers({
      owners: [
        { id: 101, name: 'Ada Lovelace' },
        { id: 102, name: 'Grace Hopper' },
      ],
    }),
    http.get(journalPaths.items(':id'), ({ request }) =>
      HttpResponse.json(itemsPageOf(handedOver, request.url)),
    ),
  );
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  await user.click(await screen.findByRole('button', { name: '#1 owner' }));
  const items = await screen.findByRole('list', { name: 'Items of change set 1' });
  expect(
    await within(items).findByText('Ada Lovelace (owner 101)', { selector: 'code > bdi' }),
  ).toBeTruthy();
  expect(
    within(items).getByText('Grace Hopper (owner 102)', { selector: 'code > bdi' }),
  ).toBeTruthy();
});

test('undo asks first, listing what will be refused and which fields will name a new id, then undoes by the dry run', async () => {
  // The dialog is drawn outside the table: React says so on the console when a row holds it.
  const consoleErrors = vi.spyOn(console, 'error');
  onTestFinished(() => consoleErrors.mockRestore());
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  const row = (await screen.findByText('#2 rename')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Undo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Undo change set 2?' });
  const planned = await within(dialog).findByRole('list', { name: 'What the undo would do' });
  expect(within(dialog).getByRole('status')).toHaveTextContent(
    '1 field will be put back as before. 1 field that nested a deleted field will name its new id. 1 field will be refused.',
  );
  expect(
    within(planned)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Gross Margin (field 7) skipped it changed again since; undo refuses it',
    'Other (field 9) ',
    'Margin Pct (field 15) SERVICE_BEAST_MODE(9) → SERVICE_BEAST_MODE(the new id of "Other")',
  ]);
  expect(undone).toEqual([{ id: '2', dryRun: true }]);

  await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
  // Confirmed by the kept dry run's id: nothing planned again, nothing sent back.
  await waitFor(() => expect(confirmed).toEqual([{ planId: 31 }]));
  expect(undone).toEqual([{ id: '2', dryRun: true }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(consoleErrors.mock.calls.map((call) => String(call[0]))).toEqual([]);
});

test("Escape on the undo's dialog changes nothing and gives focus back to the set's Undo", async () => {
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  const row = (await screen.findByText('#2 rename')).closest('tr')!;
  within(row).getByRole('button', { name: 'Undo' }).focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Undo change set 2?' });
  await within(dialog).findByRole('list', { name: 'What the undo would do' });

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(within(row).getByRole('button', { name: 'Undo' })).toHaveFocus());
  expect(undone).toEqual([{ id: '2', dryRun: true }]);
});

test("Undo confirmed: the undo is shown open and takes the focus its set's Undo lost", async () => {
  server.use(
    http.get(journalPaths.changeSets, () => {
      const undo = summary(3, { kind: 'undo', undoOf: 2 });
      const undoneNow = confirmed.length > 0;
      const shown = undoneNow ? [undo, summary(2, { undoneBy: 3 }), sets[1]!] : sets;
      return HttpResponse.json({ total: shown.length, changeSets: shown });
    }),
  );
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  const row = (await screen.findByText('#2 rename')).closest('tr')!;
  within(row).getByRole('button', { name: 'Undo' }).focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Undo change set 2?' });
  await within(dialog).findByRole('list', { name: 'What the undo would do' });
  await user.click(within(dialog).getByRole('button', { name: 'Undo' }));

  const undo = await screen.findByRole('button', { name: '#3 undo' });
  await waitFor(() => expect(undo).toHaveFocus());
  expect(undo).toHaveAttribute('aria-expanded', 'true');
  expect(new URL(currentUrl(), 'http://app').searchParams.get('changeSet')).toBe('3');
});

test('a set the journal would not undo says why, in the words of its refusal', async () => {
  server.use(
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({
        total: 3,
        changeSets: [
          summary(6, { kind: 'undo', undoOf: 5 }),
          summary(5, { undoneBy: 6 }),
          summary(4, { state: 'running', counts: { ...summary(4).counts, pending: 0 } }),
        ],
      }),
    ),
  );
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  const undone = (await screen.findByText('#5 rename')).closest('tr')!;
  const refused = await within(undone).findByRole('button', { name: 'Undo' });
  expect(refused).toBeDisabled();
  expect(refused).toHaveAccessibleDescription('Change set 5 was undone already, by change set 6.');
  const running = screen.getByText('#4 rename').closest('tr')!;
  expect(within(running).getByRole('button', { name: 'Undo' })).toHaveAccessibleDescription(
    'Change set 4 is still running; cancel it or wait before you undo it.',
  );
  const undo = screen.getByText('#6 undo').closest('tr')!;
  expect(within(undo).getByRole('button', { name: 'Undo' })).toBeEnabled();
});

test("a set of one field whose field changed since offers Undo disabled, in the rule's words, before any dry run", async () => {
  const dryRuns = vi.fn();
  const one = { total: 1, pending: 0, applied: 1, failed: 0, skipped: 0, unknown: 0 };
  const left = { checkSum: 'left-by-the-set', lastModified: 1_700_000_000_000 };
  server.use(
    http.post(journalPaths.undo(':id'), () => {
      dryRuns();
    }),
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({
        total: 2,
        changeSets: [
          summary(8, {
            counts: one,
            onlyField: {
              id: 7,
              name: 'Gross Margin',
              after: left,
              now: { checkSum: 'changed-elsewhere', lastModified: 1_800_000_000_000 },
            },
          }),
          summary(7, { counts: one, onlyField: { id: 9, name: 'Net', after: left, now: left } }),
        ],
      }),
    ),
  );
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  const changed = (await screen.findByText('#8 rename')).closest('tr')!;
  const refused = within(changed).getByRole('button', { name: 'Undo' });
  expect(refused).toBeDisabled();
  expect(refused).toHaveAccessibleDescription(
    'Change set 8 changed this field alone, and it changed again since; undo refuses it.',
  );
  const unchanged = screen.getByText('#7 rename').closest('tr')!;
  expect(within(unchanged).getByRole('button', { name: 'Undo' })).toBeEnabled();
  expect(dryRuns).not.toHaveBeenCalled();
});

test('a running set can be cancelled from its row, as its refused undo says', async () => {
  const cancelled: string[] = [];
  server.use(
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({ total: 1, changeSets: [summary(4, { state: 'running' })] }),
    ),
    http.post(journalPaths.cancel(':id'), ({ params }) => {
      cancelled.push(String(params.id));
      return HttpResponse.json(summary(4, { state: 'cancelled' }));
    }),
  );
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  const running = (await screen.findByText('#4 rename')).closest('tr')!;
  await user.click(await within(running).findByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(cancelled).toEqual(['4']));
  // The set stops after the batch in flight (through a proxy, seconds later): the row
  // says so meanwhile, rather than show Cancel as though nothing was asked.
  expect(within(running).getByRole('status')).toHaveTextContent(
    'Stopping after the fields being sent now…',
  );
  expect(within(running).queryByRole('button', { name: 'Cancel' })).toBeNull();
});

test('a token that may not write sees no undo', async () => {
  me = { person: 'reading', role: 'reader', canWrite: false };
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  await screen.findByText('#2 rename');
  await waitFor(() => expect(meAsked).toBe(1));
  // The answer drawn: one more turn for React to show what it allows.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
});

test('an editor whose server sends only locks may undo a lock set, and only that', async () => {
  // Proxy mode with a held token and no --allow-writes: the server undoes locks only.
  me = { person: 'token 0123456789ab', role: 'editor', canWrite: false };
  server.use(
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({ total: 2, changeSets: [summary(4, { kind: 'lock' }), summary(3)] }),
    ),
  );
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  const lockRow = (await screen.findByText('#4 lock')).closest('tr')!;
  await waitFor(() => within(lockRow).getByRole('button', { name: 'Undo' }));
  const renameRow = screen.getByText('#3 rename').closest('tr')!;
  expect(within(renameRow).queryByRole('button', { name: 'Undo' })).toBeNull();
});

test('an incomplete set offers a check against the instance, and then to finish it', async () => {
  const open = { total: 2, pending: 1, applied: 1, failed: 0, skipped: 0, unknown: 0 };
  const checked = { ...open, pending: 0, failed: 1 };
  let counts = open;
  const checks: string[] = [];
  server.use(
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({ total: 1, changeSets: [summary(5, { state: 'incomplete', counts })] }),
    ),
    http.post(journalPaths.check(':id'), ({ params }) => {
      checks.push(String(params.id));
      counts = checked;
      return HttpResponse.json({
        ...detail,
        changeSet: summary(5, { state: 'incomplete', counts }),
      });
    }),
  );
  const { user } = renderWithProviders(<ActivityPage />, { url: '/activity' });
  const row = (await screen.findByText('#5 rename')).closest('tr')!;
  expect(within(row).getByText('incomplete')).toBeTruthy();
  expect(within(row).queryByRole('button', { name: 'Undo' })).toBeNull();
  await user.click(await within(row).findByRole('button', { name: 'Check against the instance' }));
  expect(checks).toEqual(['5']);
  const after = (await screen.findByRole('button', { name: 'Finish' })).closest('tr')!;
  expect(within(after).getByRole('button', { name: 'Undo' })).toBeTruthy();
  expect(within(after).queryByRole('button', { name: 'Check against the instance' })).toBeNull();
});

test("a running set's counts tell the story the change's dialog tells: the share done, and each part of it named", async () => {
  const counts = { total: 3000, pending: 1320, applied: 0, failed: 0, skipped: 1680, unknown: 0 };
  const running = summary(9, { kind: 'lock', state: 'running', finishedAt: null, counts });
  server.use(
    http.get(journalPaths.changeSets, () => HttpResponse.json({ total: 1, changeSets: [running] })),
  );
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  const row = (await screen.findByText('#9 lock')).closest('tr')!;
  expect(
    within(row).getByText('56% done: 0 changed · 1,680 skipped · 0 failed · 1,320 remaining'),
  ).toBeTruthy();
});

test('a finished set whose items the instance did not confirm offers a check against the instance', async () => {
  // The instance stopped answering while the set ran: the server kept running, so the set is done.
  const counts = { total: 2, pending: 0, applied: 1, failed: 0, skipped: 0, unknown: 1 };
  server.use(
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({ total: 1, changeSets: [summary(6, { state: 'done', counts })] }),
    ),
  );
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  const row = (await screen.findByText('#6 rename')).closest('tr')!;
  expect(
    await within(row).findByRole('button', { name: 'Check against the instance' }),
  ).toBeTruthy();
  expect(within(row).queryByRole('button', { name: 'Undo' })).toBeNull();
});

test("only the set's person is offered its retry: the journal records a retry's changes as theirs", async () => {
  const failed = { total: 1, pending: 0, applied: 0, failed: 1, skipped: 0, unknown: 0 };
  server.use(
    http.get(journalPaths.changeSets, () =>
      HttpResponse.json({
        total: 2,
        changeSets: [
          summary(8, { person: 'grace', counts: failed }),
          summary(7, { person: 'ada', counts: failed }),
        ],
      }),
    ),
  );
  renderWithProviders(<ActivityPage />, { url: '/activity' });
  const own = (await screen.findByText('#7 rename')).closest('tr')!;
  expect(await within(own).findByRole('button', { name: 'Retry failed' })).toBeTruthy();
  const others = screen.getByText('#8 rename').closest('tr')!;
  expect(within(others).queryByRole('button', { name: 'Retry failed' })).toBeNull();
});

test('a link naming a change set shows that set open and marked', async () => {
  renderWithProviders(<ActivityPage />, { url: '/activity?changeSet=2' });
  const toggle = await screen.findByRole('button', { name: '#2 rename' });
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.closest('tr')?.getAttribute('aria-current')).toBe('true');
  expect(await screen.findByRole('list', { name: 'Items of change set 2' })).toBeTruthy();
  const other = screen.getByRole('button', { name: '#1 owner' });
  expect(other.getAttribute('aria-expanded')).toBe('false');
});
