import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { editorMe } from '../../api/test-support/mock-journal';
import { nameHandlers } from '../../api/test-support/mock-names';
import type { AuditStatus, Scan } from '../../contract/audit';
import { AUDIT_BASE } from '../../contract/audit-paths';
import { NO_SCAN_YET } from '../../contract/no-scan-yet';
import { asSentence } from '../../api/api-error';
import { apiPaths } from '../../contract/paths';
import type { MergeGroup, WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { fixLink } from '../../links/fix-link';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FixPage } from './FixPage';

const asked: Array<{ path: string; body: unknown }> = [];
const group: MergeGroup = {
  fields: [
    { id: 10, name: 'Dup One', activeLinks: 1 },
    { id: 11, name: 'Dup Two', activeLinks: 3 },
    { id: 12, name: 'Dup Three', activeLinks: 0 },
  ],
  suggested: 11,
};
const mergePreview: WorkflowPreview = {
  kind: 'merge',
  summary: 'keep Dup One; 2 others go',
  items: [
    { id: 11, name: 'Dup Two', action: 'change', rule: 'archive' },
    { id: 12, name: 'Dup Three', action: 'change', rule: 'archive' },
  ],
  changes: [
    { id: 11, change: { update: { archived: true } } },
    { id: 12, change: { update: { archived: true } } },
  ],
  counts: { change: 2, skip: 0, invalid: 0 },
  keep: 10,
  cards: [{ id: 'dr:1:1', title: 'Tickets by Week', fieldIds: [11, 12] }],
};
const emptyPreview = (kind: WorkflowPreview['kind']): WorkflowPreview => ({
  kind,
  summary: 'nothing',
  items: [],
  changes: [],
  counts: { change: 0, skip: 0, invalid: 0 },
});

const cleanupPreview: WorkflowPreview = {
  kind: 'cleanup',
  summary: 'archive unused fields',
  items: [{ id: 14, name: 'On Inactive Card', action: 'change', rule: 'archive' }],
  changes: [{ id: 14, change: { update: { archived: true } } }],
  counts: { change: 1, skip: 0, invalid: 0 },
};

/** A browser moves the focus of a button that becomes disabled to the page's body; happy-dom keeps it there. */
function loseFocus() {
  const spot = document.body.appendChild(document.createElement('button'));
  spot.focus();
  spot.remove();
}

const heard =
  (path: string, answer: unknown) =>
  async ({ request }: { request: Request }) => {
    asked.push({ path, body: await request.json() });
    return HttpResponse.json(answer as object);
  };

const scan = (state: Scan['state'], id: number): Scan => ({
  id,
  trigger: 'manual',
  state,
  phase: state === 'running' ? 'listing' : 'done',
  started: 1_700_000_000_000,
  ...(state === 'complete' && { finished: 1_700_000_060_000 }),
  progress: { listed: 0, toRead: 0, read: 0, requests: 0, retries: 0 },
  fields: 0,
  newBytes: 0,
});
const auditStatus = (scans: Partial<Pick<AuditStatus, 'latestScan' | 'runningScan'>>) =>
  HttpResponse.json({
    mode: 'embedded',
    instance: 'embedded',
    keep: 30,
    scanCount: scans.latestScan ? 1 : 0,
    diskBytes: 0,
    changesSinceScan: 0,
    version: 1,
    ...scans,
  } satisfies AuditStatus);

const api = setupMockApi(
  editorMe,
  http.get(`${AUDIT_BASE}/status`, () => auditStatus({ latestScan: scan('complete', 1) })),
  http.post(workflowPaths.mergeGroup, heard(workflowPaths.mergeGroup, group)),
  http.post(workflowPaths.merge, heard(workflowPaths.merge, mergePreview)),
  http.post(workflowPaths.replace, heard(workflowPaths.replace, emptyPreview('replace'))),
  http.post(workflowPaths.cleanup, heard(workflowPaths.cleanup, cleanupPreview)),
  http.get(apiPaths.directory, () =>
    HttpResponse.json({ owners: [], dataSources: [], cards: [], totalHits: 0, hasMore: false }),
  ),
  ...nameHandlers({ owners: [{ id: 101, name: 'Ada Lovelace', active: false }] }),
);

beforeEach(() => {
  asked.length = 0;
  startSession('token-for-tests', false);
});

test('the clean-up link opens the clean-up workflow', async () => {
  renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'cleanup' }) });
  expect(await screen.findByRole('radiogroup', { name: 'What to do' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Clean up unused fields');
});

test('before the first scan the page offers Scan now, not an error, and opens the fix once the scan is done', async () => {
  let scans: Parameters<typeof auditStatus>[0] = {};
  let started = 0;
  api.use(
    http.get(`${AUDIT_BASE}/status`, () => auditStatus(scans)),
    http.post(`${AUDIT_BASE}/scans`, () => {
      started += 1;
      scans = { runningScan: scan('running', 1) };
      return HttpResponse.json({ scan: scans.runningScan! }, { status: 202 });
    }),
  );
  const { user } = renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'cleanup' }) });
  expect(await screen.findByText(asSentence(NO_SCAN_YET))).toBeVisible();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('radiogroup', { name: 'What to do' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Scan now' }));
  expect(await screen.findByText(/the fix opens when the scan has finished/)).toBeVisible();
  expect(started).toBe(1);
  // While it runs: its progress, as the Audit page shows it, and no call to start one.
  expect(await screen.findByRole('progressbar', { name: 'Scan progress' })).toBeVisible();
  expect(screen.getByText('Scanning: Listing the fields: 0 so far.')).toBeVisible();
  expect(screen.queryByText(asSentence(NO_SCAN_YET))).toBeNull();
  scans = { latestScan: scan('complete', 1) };
  expect(
    await screen.findByRole('radiogroup', { name: 'What to do' }, { timeout: 5_000 }),
  ).toBeVisible();
  expect(asked).toEqual([]);
});

test('a preview is applied only for the choices it was made with: changed, they are previewed again', async () => {
  const { user } = renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'cleanup' }) });
  await user.click(await screen.findByRole('button', { name: 'Preview' }));
  expect(await screen.findByRole('button', { name: 'Apply 1 change' })).toBeEnabled();

  await user.click(screen.getByRole('radio', { name: 'Delete' }));
  expect(screen.queryByRole('button', { name: /^Apply/ })).toBeNull();
  expect(screen.getByText(/Preview again to see what they change/)).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByRole('button', { name: 'Apply 1 change' })).toBeEnabled();
  expect(asked.map((ask) => ask.body)).toEqual([
    { action: 'archive', recentDays: 30 },
    { action: 'delete', recentDays: 30 },
  ]);
});

test('a delete can take the unused fields archived already: asked only then, counted and marked', async () => {
  const archivedPreview: WorkflowPreview = {
    kind: 'cleanup',
    summary: 'delete unused fields, archived ones too',
    items: [
      { id: 13, name: 'Other Sum', action: 'change', rule: 'delete' },
      { id: 14, name: 'On Inactive Card', action: 'change', rule: 'delete', archived: true },
    ],
    changes: [
      { id: 13, change: { delete: true } },
      { id: 14, change: { delete: true } },
    ],
    counts: { change: 2, skip: 0, invalid: 0 },
  };
  api.use(http.post(workflowPaths.cleanup, heard(workflowPaths.cleanup, archivedPreview)));
  const { user } = renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'cleanup' }) });
  const include = /Also delete the unused fields that are archived already/;
  await screen.findByRole('radiogroup', { name: 'What to do' });
  expect(screen.queryByRole('checkbox', { name: include })).toBeNull();
  await user.click(screen.getByRole('radio', { name: 'Delete' }));
  const box = screen.getByRole('checkbox', { name: include });
  expect(box).not.toBeChecked();
  await user.click(box);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Delete unused fields, archived ones too. 2 to change, 1 of them archived already, 0 skipped.',
  );
  const [, archived] = screen.getAllByRole('listitem');
  expect(within(archived!).getByText('archived already')).toBeVisible();
  expect(asked.map((ask) => ask.body)).toEqual([
    { action: 'delete', recentDays: 30, includeArchived: true },
  ]);
});

test("the audit's archived and unused fields open the clean-up as a delete that takes them too", async () => {
  const url = fixLink({ workflow: 'cleanup', deleteArchivedToo: true });
  const { user } = renderWithProviders(<FixPage />, { url });
  expect(await screen.findByRole('radio', { name: 'Delete' })).toBeChecked();
  expect(
    screen.getByRole('checkbox', {
      name: /Also delete the unused fields that are archived already/,
    }),
  ).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByRole('button', { name: 'Apply 1 change' });
  expect(asked.map((ask) => ask.body)).toEqual([
    { action: 'delete', recentDays: 30, includeArchived: true },
  ]);
});

test('a preview writes its numbers as the audit does, and marks an archived field it skips as archived', async () => {
  const large: WorkflowPreview = {
    kind: 'cleanup',
    summary: 'delete unused fields, archived ones too',
    items: [
      { id: 13, name: 'Other Sum', action: 'change', rule: 'delete', archived: true },
      {
        id: 14,
        name: 'Locked Old',
        action: 'skip',
        reason: 'locked: unlock it first',
        archived: true,
      },
    ],
    changes: [{ id: 13, change: { delete: true } }],
    counts: { change: 1547, skip: 205, invalid: 0 },
  };
  api.use(http.post(workflowPaths.cleanup, () => HttpResponse.json(large)));
  const url = fixLink({ workflow: 'cleanup', deleteArchivedToo: true });
  const { user } = renderWithProviders(<FixPage />, { url });
  await user.click(await screen.findByRole('button', { name: 'Preview' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Delete unused fields, archived ones too. 1,547 to change, 1 of them archived already, 205 skipped.',
  );
  expect(
    within(screen.getByRole('region', { name: 'Skipped' })).getByRole('listitem'),
  ).toHaveTextContent('Locked Old (field 14, archived already): locked: unlock it first');
});

test('the keyboard goes on from the preview: Preview, disabled while it loads, loses the focus to it', async () => {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  api.use(
    http.post(workflowPaths.cleanup, async () => {
      await answered;
      return HttpResponse.json(cleanupPreview);
    }),
  );
  const { user } = renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'cleanup' }) });
  (await screen.findByRole('button', { name: 'Preview' })).focus();
  await user.keyboard('{Enter}');
  loseFocus();
  answer();
  expect(await screen.findByRole('region', { name: 'Preview' })).toHaveFocus();
});

test('thousands skipped are listed a page at a time; a preview without changes says so', async () => {
  const skippedItems = Array.from({ length: 60 }, (_, index) => ({
    id: index + 1,
    name: `Locked ${index + 1}`,
    action: 'skip' as const,
    reason: 'locked: unlock it first',
  }));
  api.use(
    http.post(workflowPaths.cleanup, () =>
      HttpResponse.json({
        ...emptyPreview('cleanup'),
        items: skippedItems,
        counts: { change: 0, skip: 60, invalid: 0 },
      }),
    ),
  );
  const { user } = renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'cleanup' }) });
  await user.click(await screen.findByRole('button', { name: 'Preview' }));
  const skipped = await screen.findByRole('region', { name: 'Skipped' });
  expect(within(skipped).getAllByRole('listitem')).toHaveLength(50);
  expect(screen.getByText('None: no field would change.')).toBeVisible();
  await user.click(within(skipped).getByRole('button', { name: 'Show 10 more of 10' }));
  expect(within(skipped).getAllByRole('listitem')).toHaveLength(60);
});

test('a merge offers every field of its group, the one with most active links chosen at first, and lists by name the cards still using a field that goes', async () => {
  const url = fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: 'g1' });
  const { user } = renderWithProviders(<FixPage />, { url });
  const keep = await screen.findByRole('radiogroup', { name: 'Keep' });
  expect(
    within(keep).getByRole('radio', { name: 'Dup Two (3 active links, suggested)' }),
  ).toBeChecked();
  expect(within(keep).getAllByRole('radio')).toHaveLength(3);
  await user.click(within(keep).getByRole('radio', { name: 'Dup One (1 active link)' }));
  await user.click(screen.getByRole('button', { name: 'Preview' }));

  const cards = await screen.findByRole('region', { name: 'Cards to move by hand' });
  expect(cards).toHaveTextContent('Tickets by Week: uses Dup Two, Dup Three');
  expect(asked).toEqual([
    {
      path: workflowPaths.mergeGroup,
      body: { group: { finding: 'exact-duplicates', key: 'g1' } },
    },
    {
      path: workflowPaths.merge,
      body: { group: { finding: 'exact-duplicates', key: 'g1' }, others: 'archive', keep: 10 },
    },
  ]);
});

test('fields of the same name are told apart by id, in the preview and the cards to move', async () => {
  const namesake: MergeGroup = {
    fields: [
      { id: 10, name: 'Revenue', activeLinks: 2 },
      { id: 11, name: 'Revenue', activeLinks: 1 },
      { id: 12, name: 'Revenue Copy', activeLinks: 0 },
    ],
    suggested: 10,
  };
  const preview: WorkflowPreview = {
    kind: 'merge',
    summary: 'keep Revenue; 2 others go',
    items: [
      { id: 11, name: 'Revenue', action: 'change', rule: 'archive' },
      { id: 12, name: 'Revenue Copy', action: 'change', rule: 'archive' },
    ],
    changes: [
      { id: 11, change: { update: { archived: true } } },
      { id: 12, change: { update: { archived: true } } },
    ],
    counts: { change: 2, skip: 0, invalid: 0 },
    keep: 10,
    cards: [{ id: 'dr:1:1', title: 'Tickets by Week', fieldIds: [11] }],
  };
  api.use(
    http.post(workflowPaths.mergeGroup, () => HttpResponse.json(namesake)),
    http.post(workflowPaths.merge, () => HttpResponse.json(preview)),
  );
  const url = fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: 'g1' });
  const { user } = renderWithProviders(<FixPage />, { url });
  await user.click(await screen.findByRole('button', { name: 'Preview' }));

  const changes = await screen.findByRole('region', { name: 'Changes' });
  const [going] = within(changes).getAllByRole('checkbox', { name: 'Include Revenue' });
  expect(going).toHaveAccessibleDescription('field 11');
  expect(screen.getByRole('region', { name: 'Cards to move by hand' })).toHaveTextContent(
    'Tickets by Week: uses Revenue (field 11)',
  );
});

test('a duplicate group that could not be read says why, and Retry asks again', async () => {
  let asked = 0;
  api.use(
    http.post(workflowPaths.mergeGroup, () => {
      asked += 1;
      return asked === 1
        ? HttpResponse.json(
            { status: 404, message: 'the finding has no such group; scan again or reload' },
            { status: 404 },
          )
        : HttpResponse.json(group);
    }),
  );
  const url = fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: 'g1' });
  const { user } = renderWithProviders(<FixPage />, { url });
  expect(
    await screen.findByText('The finding has no such group; scan again or reload.'),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('radiogroup', { name: 'Keep' })).toBeVisible();
});

test('a find and replace over selected fields looks in those fields only', async () => {
  const { user } = renderWithProviders(<FixPage />, {
    url: fixLink({ workflow: 'replace', ids: [12, 5] }),
  });
  expect(await screen.findByText('In the 2 selected fields.')).toBeVisible();
  await user.type(screen.getByRole('textbox', { name: 'Find' }), 'Revenue');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText(/Nothing\. 0 to change/);
  expect(asked[0]!.body).toMatchObject({ find: 'Revenue', scope: { ids: [12, 5] } });
});

test("a find and replace looks in every field the table's filters and search match", async () => {
  const url = fixLink({
    workflow: 'replace',
    view: { name: 'margin', locked: false, owners: [7], page: 4 },
  });
  const { user } = renderWithProviders(<FixPage />, { url });
  expect(await screen.findByRole('link', { name: 'Show them in the table' })).toHaveAttribute(
    'href',
    '/fields?q=margin&locked=false&owner=7',
  );
  await user.type(screen.getByRole('textbox', { name: 'Find' }), 'Revenue');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText(/Nothing\. 0 to change/);
  expect(asked[0]!.body).toMatchObject({
    find: 'Revenue',
    scope: {
      search: {
        name: 'margin',
        filters: [
          { field: 'notlocked' },
          { field: 'notvariable' },
          { field: 'owner', idList: [7] },
        ],
        sort: { field: 'name', ascending: true },
      },
    },
  });
});

test('a hand-over names the owner whose fields go', async () => {
  renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'handover', from: 101 }) });
  expect(
    await screen.findByRole('radiogroup', { name: 'Hand over the fields of Ada Lovelace' }),
  ).toBeVisible();
});

test('an address that names no fix lists the fixes, each opening from its link or from the audit', async () => {
  renderWithProviders(<FixPage />, { url: '/fix' });
  expect(await screen.findByRole('heading', { name: 'Fix' })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Clean up unused fields' })).toHaveAttribute(
    'href',
    '/fix?workflow=cleanup',
  );
  expect(screen.getByRole('link', { name: 'Find and replace' })).toHaveAttribute(
    'href',
    '/fix?workflow=replace',
  );
  expect(screen.getByRole('link', { name: 'Remove hidden characters from names' })).toHaveAttribute(
    'href',
    '/fix?workflow=hidden-names',
  );
  expect(screen.getByRole('link', { name: 'Audit page' })).toHaveAttribute('href', '/audit');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('an address that names no fix is refused', async () => {
  renderWithProviders(<FixPage />, { url: '/fix?workflow=explode' });
  expect(await screen.findByText(/names no fix/)).toBeVisible();
  expect(screen.queryByRole('radiogroup')).toBeNull();
  expect(screen.getByRole('link', { name: 'Clean up unused fields' })).toBeVisible();
});

test('a merge without its group is refused', async () => {
  renderWithProviders(<FixPage />, { url: '/fix?workflow=merge&finding=exact-duplicates' });
  expect(await screen.findByText(/needs a duplicates finding/)).toBeVisible();
});
