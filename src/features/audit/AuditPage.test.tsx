import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { auditKeys } from '../../api/audit/audit-keys';
import { endSession, startSession } from '../../api/session';
import { heldAnswer, setupMockApi } from '../../api/test-support/mock-api';
import { nameHandlers } from '../../api/test-support/mock-names';
import type { AuditStatus, FindingKey, FindingsAnswer, Headline, Scan } from '../../contract/audit';
import { AUDIT_BASE, changeKinds, findingKeys, findingTitles } from '../../contract/audit';
import { apiPaths } from '../../contract/paths';
import { brokenReferenceGroupKey } from '../../contract/workflows';
import type { Statistics } from '../../contract/statistics';
import { changeSetAddress } from '../../links/activity-address';
import { fixLink } from '../../links/fix-link';
import { appQueryClient, renderWithProviders } from '../../test-support/render-with-providers';
import { AuditPage } from './AuditPage';
import { fixOrder } from './fix-first';
import { prefetchAuditPage } from './prefetch-audit-page';

const headline = (locked: number): Headline => ({
  total: 3000,
  locked,
  archived: 10,
  invalid: 40,
  brokenReferences: 30,
  unused: 900,
  exactDuplicates: 20,
  nearDuplicates: 5,
  nested: 100,
  brokenDependencies: 7,
  lint: 60,
  inactiveOwners: 0,
  hiddenNameCharacters: 0,
});

const scan = (id: number, finished: number): Scan => ({
  id,
  trigger: 'manual',
  state: 'complete',
  phase: 'done',
  started: finished - 60_000,
  finished,
  progress: { listed: 3000, toRead: 3000, read: 3000, requests: 0, retries: 0 },
  fields: 3000,
  newBytes: 1000,
  headline: headline(100),
});

const scans = [scan(2, Date.now() - 3_600_000), scan(1, Date.now() - 7_200_000)];

/**
 * What the audit answers now: a lock through the server moves `version` and
 * `locked`. `staleOnce` is a findings answer computed before the latest change,
 * given to the first ask only.
 */
let audit: { version: number; locked: number; staleOnce?: { version: number; locked: number } };
/** Every request the page sent, by path, in order. */
let asked: string[];
let statusHeld: ReturnType<typeof heldAnswer> | undefined;

const status = (): AuditStatus => ({
  mode: 'embedded',
  instance: 'embedded',
  latestScan: scans[0],
  keep: 30,
  scanCount: 2,
  diskBytes: 1_000_000,
  changesSinceScan: 0,
  version: audit.version,
});

const findings = (): FindingsAnswer => {
  const { version, locked } = audit.staleOnce ?? audit;
  audit.staleOnce = undefined;
  return findingsAt(version, locked);
};

const findingsAt = (version: number, locked: number): FindingsAnswer => ({
  scanId: 2,
  scanFinished: scans[0]!.finished!,
  changesSinceScan: 0,
  version,
  headline: headline(locked),
  columnsKnown: true,
  archivedUnused: 0,
  // Two findings are enough here, and each card is a table to render. Their counts follow
  // the lock, as the headline's Locked does, to tell one answer from the next.
  findings: findingKeys.slice(0, 2).map((key) => ({
    key,
    title: findingTitles[key],
    rule: `The rule of ${key}.`,
    count: locked,
    groupCount: 1,
    groups: [{ key: `${key}-group`, label: `A group of ${key}`, count: 3 }],
  })),
  owners: { rows: [], total: 0 },
  dataSources: { rows: [], total: 0 },
});

const statistics = (): Statistics => ({
  total: 3000,
  onDatasets: 2000,
  onCards: 1000,
  inVisualizations: 500,
  locked: audit.locked,
  invalid: 40,
  invalidLink: 30,
  archived: 10,
});

const server = setupMockApi();

/** The page's sections far down are built when they come near the screen or the browser is idle: the test says when. */
let bringNear: () => void;
let beIdle: () => void;

beforeEach(() => {
  startSession('token-for-tests', false);
  audit = { version: 1, locked: 100 };
  asked = [];
  statusHeld = undefined;
  bringNear = () => {};
  beIdle = () => {};
  vi.stubGlobal('requestIdleCallback', (work: () => void) => {
    beIdle = work;
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => (beIdle = () => {}));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe() {
        bringNear = () =>
          this.report(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
      }
      disconnect() {}
    },
  );
  const answer = (path: string, body: () => JsonBodyType) =>
    http.get(path, () => {
      asked.push(path);
      return HttpResponse.json(body());
    });
  server.use(
    http.get(`${AUDIT_BASE}/status`, async () => {
      asked.push(`${AUDIT_BASE}/status`);
      await statusHeld?.hold();
      return HttpResponse.json(status());
    }),
    answer(`${AUDIT_BASE}/findings`, findings),
    answer(`${AUDIT_BASE}/scans`, () => ({ scans, totalHits: scans.length, hasMore: false })),
    answer(`${AUDIT_BASE}/trend`, () => ({
      points: [...scans].reverse().map((entry) => ({
        scanId: entry.id,
        finished: entry.finished!,
        headline: entry.headline!,
      })),
    })),
    answer(apiPaths.statistics, statistics),
    answer(`${AUDIT_BASE}/diff`, () => ({
      from: scans[1],
      to: scans[0],
      counts: {
        added: 0,
        removed: 0,
        'became-invalid': 0,
        fixed: 0,
        locked: 4,
        unlocked: 0,
        expression: 0,
        owner: 0,
        renamed: 0,
        other: 0,
        changed: 4,
      },
    })),
    http.post(`${AUDIT_BASE}/diff/changes`, () => {
      asked.push(`${AUDIT_BASE}/diff/changes`);
      return HttpResponse.json({ totalHits: 0, changes: [], hasMore: false });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A section of the page by its heading. Found by text, not role: a role query over
 * the whole page takes seconds in the test DOM.
 */
async function section(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: 'h2, h3' });
  return heading.closest('section')!;
}

/** The Locked number of "At a glance", or the findings' count (which follows it here). */
async function lockedShown(title: string, count: string) {
  if (title === 'Fix these first') {
    const list = await section(title);
    await waitFor(() =>
      expect(within(list).getByLabelText(`Open ${count} fields: Invalid`)).toBeInTheDocument(),
    );
    return;
  }
  const numbers = await section(title);
  await waitFor(() =>
    expect(
      [...numbers.querySelectorAll('a')].some((link) =>
        link.textContent?.startsWith(`${count} Locked`),
      ),
    ).toBe(true),
  );
}

test('asks for the findings, the trend, the scans and the live numbers without waiting for the status', async () => {
  statusHeld = heldAnswer();
  renderWithProviders(<AuditPage />, { url: '/audit' });
  await statusHeld.received;
  await waitFor(() =>
    expect(asked).toEqual(
      expect.arrayContaining([
        `${AUDIT_BASE}/findings`,
        `${AUDIT_BASE}/trend`,
        `${AUDIT_BASE}/scans`,
        apiPaths.statistics,
      ]),
    ),
  );
  statusHeld.release();
  await lockedShown('Fix these first', '100');
  // The status agreed with the findings: nothing is asked twice.
  expect(asked.filter((path) => path === `${AUDIT_BASE}/findings`)).toHaveLength(1);
});

test('a change the status reports is shown without Refresh: findings and live numbers are asked again', async () => {
  const { client } = renderWithProviders(<AuditPage />, { url: '/audit' });
  await lockedShown('Fix these first', '100');
  await lockedShown('At a glance', '100');

  audit = { version: 2, locked: 101 };
  // What the page's timer does every few seconds.
  await client.refetchQueries({ queryKey: auditKeys.status() });

  await lockedShown('Fix these first', '101');
  await lockedShown('At a glance', '101');
});

test('findings that crossed a change on their way are asked again until they match the status', async () => {
  audit = { version: 2, locked: 101, staleOnce: { version: 1, locked: 100 } };
  renderWithProviders(<AuditPage />, { url: '/audit' });
  await lockedShown('Fix these first', '101');
  expect(asked.filter((path) => path === `${AUDIT_BASE}/findings`)).toHaveLength(2);
});

test('the trend is drawn from the scans, one line per finding of the ranked list', async () => {
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const trend = await section('Problems across scans');
  await waitFor(() =>
    expect(trend.querySelectorAll('path[data-series]')).toHaveLength(fixOrder.length),
  );
  expect(within(trend).getByRole('table', { name: 'Problems across scans' })).toBeInTheDocument();
});

test('a count opens its fields through the router, not by loading the app again', async () => {
  const { router, user } = renderWithProviders(<AuditPage />, {
    url: '/audit',
    otherRoutes: [{ path: '/fields', element: <p>The fields table</p> }],
  });
  const [first] = findingKeys;
  const findingsSection = await section('Findings of the latest scan');
  const count = await within(findingsSection).findByLabelText(
    `3 fields: ${findingTitles[first!]}, A group of ${first}`,
  );
  await user.click(count);
  await screen.findByText('The fields table');
  expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
    count.getAttribute('href'),
  );
});

test("a group's fix opens the /fix page for it: a missing column its remap, duplicates their merge, a departed owner the hand-over, a hidden character its removal", async () => {
  const group = (key: string, label: string) => ({ key, label, count: 2 });
  const finding = (key: FindingKey, groups: ReturnType<typeof group>[]) => ({
    key,
    title: findingTitles[key],
    rule: `The rule of ${key}.`,
    count: 2 * groups.length,
    groupCount: groups.length,
    groups,
  });
  server.use(
    http.get(`${AUDIT_BASE}/findings`, () =>
      HttpResponse.json({
        ...findingsAt(1, 100),
        findings: [
          finding('broken-references', [
            group(brokenReferenceGroupKey('DATA_SOURCE', 'ds-1', 'Profit'), '`Profit` missing'),
            group(brokenReferenceGroupKey('CARD', 'dr:1:1', 'Cost'), '`Cost` missing'),
          ]),
          finding('exact-duplicates', [group('10', 'SUM(`Amount`)')]),
          // A name hiding a character: a label shows it as its code point, as the count's does.
          finding('inactive-owners', [group('101', 'Ada\u200B Lovelace (owner 101)')]),
          finding('invalid', [group('unclosed', 'unclosed single quote')]),
          finding('hidden-name-characters', [group('U+202E', 'right-to-left override (U+202E)')]),
        ],
      }),
    ),
  );
  const { router, user } = renderWithProviders(<AuditPage />, {
    url: '/audit',
    otherRoutes: [{ path: '/fix', element: <p>The fix page</p> }],
  });
  const findingsSection = await section('Findings of the latest scan');
  const remap = await within(findingsSection).findByRole('link', {
    name: 'Remap: `Profit` missing',
  });
  expect(remap).toHaveAttribute(
    'href',
    fixLink({ workflow: 'remap', dataSource: 'ds-1', column: 'Profit' }),
  );
  // A card's missing column cannot be remapped: the card's data source is not known here.
  expect(within(findingsSection).queryByRole('link', { name: /Remap: `Cost`/ })).toBeNull();
  expect(
    within(findingsSection).getByRole('link', { name: 'Merge: SUM(`Amount`)' }),
  ).toHaveAttribute(
    'href',
    fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: '10' }),
  );
  const handover = within(findingsSection).getByRole('link', {
    name: 'Hand over: Ada⟨U+200B⟩ Lovelace (owner 101)',
  });
  expect(handover).toHaveAttribute('href', fixLink({ workflow: 'handover', from: 101 }));
  expect(
    within(findingsSection).getByRole('link', {
      name: 'Remove hidden characters: right-to-left override (U+202E)',
    }),
  ).toHaveAttribute('href', fixLink({ workflow: 'hidden-names', group: 'U+202E' }));
  const invalid = within(findingsSection).getByRole('table', { name: 'Invalid by group' });
  expect(within(invalid).queryAllByRole('link')).toHaveLength(1);

  // The ranked list leads to each finding's groups where the fix is by group.
  const list = screen.getByRole('table', { name: 'Fix these first' });
  for (const [name, key] of [
    ['Remap by group: Broken references', 'broken-references'],
    ['Merge by group: Exact duplicates', 'exact-duplicates'],
    ['Hand over by group: Owned by inactive users', 'inactive-owners'],
  ] as const) {
    const target = within(list).getByRole('link', { name }).getAttribute('href')!;
    expect(document.querySelector(target)).toHaveAccessibleName(findingTitles[key]);
  }
  expect(within(list).queryByRole('link', { name: /by group: Invalid/ })).toBeNull();
  // Hidden characters are removed from every name of the finding at once, or by group below.
  expect(within(list).getByRole('link', { name: 'Remove hidden characters…' })).toHaveAttribute(
    'href',
    fixLink({ workflow: 'hidden-names' }),
  );
  expect(within(list).queryByRole('link', { name: /by group: Hidden characters/ })).toBeNull();

  await user.click(handover);
  await screen.findByText('The fix page');
  expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
    handover.getAttribute('href'),
  );
});

test('the diff of two scans is asked for only when its section comes near the screen', async () => {
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const diff = await section('What changed between two scans');
  await lockedShown('Fix these first', '100');
  expect(asked).not.toContain(`${AUDIT_BASE}/diff`);
  expect(within(diff).queryByRole('combobox')).toBeNull();

  bringNear();

  await within(diff).findByText('4 fields changed.');
  expect(asked).toContain(`${AUDIT_BASE}/diff`);
  expect(within(diff).getByRole('combobox', { name: 'From scan' })).toBeInTheDocument();
});

test('the diff of two scans is built when the browser is first idle, though not scrolled to', async () => {
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const diff = await section('What changed between two scans');
  await lockedShown('Fix these first', '100');
  expect(asked).not.toContain(`${AUDIT_BASE}/diff`);

  beIdle();

  await within(diff).findByText('4 fields changed.');
});

test('what the router asks for while the page loads is its numbers; the rest is asked for once they are painted, each once', async () => {
  const client = appQueryClient();
  prefetchAuditPage(client);
  await waitFor(() => expect(asked).toEqual([apiPaths.statistics]));
  renderWithProviders(<AuditPage />, { url: '/audit', client });
  await lockedShown('Fix these first', '100');
  await lockedShown('At a glance', '100');
  expect([...asked].sort()).toEqual(
    [
      `${AUDIT_BASE}/status`,
      `${AUDIT_BASE}/findings`,
      `${AUDIT_BASE}/trend`,
      `${AUDIT_BASE}/scans`,
      apiPaths.statistics,
    ].sort(),
  );
});

test('until the page is first painted, it draws its numbers and asks for nothing else', async () => {
  // Frames are held: nothing has been painted yet.
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  renderWithProviders(<AuditPage />, { url: '/audit' });
  await lockedShown('At a glance', '100');
  expect(asked).toEqual([apiPaths.statistics]);
  expect(screen.queryByText('Fix these first')).not.toBeInTheDocument();

  for (const frame of frames.splice(0)) frame(performance.now());

  await lockedShown('Fix these first', '100');
  expect(asked).toContain(`${AUDIT_BASE}/findings`);
});

test('without a session the router asks for nothing: the page sends to sign-in', () => {
  endSession();
  const client = appQueryClient();
  prefetchAuditPage(client);
  // A query asked for is in the cache at once, before its answer.
  expect(client.getQueryCache().getAll()).toEqual([]);
});

test('the page opens with one ranked list: each finding with fields, its count, its change since the scan before and where to fix it', async () => {
  const counts: Record<FindingKey, number> = {
    invalid: 42,
    'broken-references': 30,
    unused: 900,
    'exact-duplicates': 20,
    'near-duplicates': 0,
    nested: 100,
    'broken-dependencies': 7,
    lint: 60,
    'inactive-owners': 0,
    'hidden-name-characters': 0,
  };
  server.use(
    http.get(`${AUDIT_BASE}/findings`, () =>
      HttpResponse.json({
        ...findingsAt(1, 100),
        findings: findingKeys.map((key) => ({
          key,
          title: findingTitles[key],
          rule: `The rule of ${key}.`,
          count: counts[key],
          groupCount: 0,
          groups: [],
        })),
      }),
    ),
  );
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const list = await screen.findByRole('table', { name: 'Fix these first' });
  const rows = () =>
    within(list)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
  // The scan before (#1) had the same numbers as headline(): 40 invalid, 900 unused, 20 exact…
  await waitFor(() =>
    expect(rows()[0]).toEqual(['1', 'Invalid', '42', '2 more', 'Open in the table']),
  );
  expect(rows()).toEqual([
    ['1', 'Invalid', '42', '2 more', 'Open in the table'],
    ['2', 'Broken references', '30', 'no change', 'Open in the table'],
    ['3', 'Broken dependencies', '7', 'no change', 'Open in the table'],
    ['4', 'Exact duplicates', '20', 'no change', 'Open in the table'],
    ['5', 'Unused', '900', 'no change', 'Open in the tableClean up…'],
    ['6', 'Lint', '60', 'no change', 'Open in the table'],
  ]);
  expect(within(list).getByRole('columnheader', { name: 'Since scan #1' })).toBeInTheDocument();
  expect(within(list).getByRole('link', { name: 'Clean up…' })).toHaveAttribute(
    'href',
    fixLink({ workflow: 'cleanup' }),
  );
  expect(within(list).getByLabelText('Open 42 fields: Invalid')).toHaveAttribute(
    'href',
    expect.stringContaining('finding=invalid'),
  );
  // A finding with no field gets no row, and no empty card below.
  expect(
    screen.getByText(
      'No field found: Near duplicates, Owned by inactive users, Hidden characters in names.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByText('Near duplicates', { selector: 'h3' })).toBeNull();
  // Problems are counted once: the live numbers above the findings do not repeat them.
  const glance = await section('At a glance');
  await waitFor(() => expect(glance.querySelectorAll('a').length).toBeGreaterThan(0));
  expect(glance).not.toHaveTextContent('Invalid');
});

/** The findings answer with only Unused, of `unused` fields, and `archivedUnused` beside it. */
const withUnused = (unused: number, archivedUnused: number) =>
  http.get(`${AUDIT_BASE}/findings`, () =>
    HttpResponse.json({
      ...findingsAt(1, 100),
      archivedUnused,
      findings: [
        {
          key: 'unused',
          title: findingTitles.unused,
          rule: 'The rule of unused.',
          count: unused,
          groupCount: 0,
          groups: [],
        },
      ],
    }),
  );
const deleteArchivedToo = fixLink({ workflow: 'cleanup', deleteArchivedToo: true });

test('the archived fields nothing uses are counted under Unused, whose number stays, and open the clean-up that deletes them', async () => {
  server.use(withUnused(900, 12));
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const list = await screen.findByRole('table', { name: 'Fix these first' });
  const row = within(list).getByRole('row', { name: /Unused/ });
  expect(within(row).getByLabelText('Open 900 fields: Unused')).toBeInTheDocument();
  expect(
    within(row).getByRole('link', { name: '12 archived and unused, can be deleted' }),
  ).toHaveAttribute('href', deleteArchivedToo);
});

test('the Unused card offers its clean-up, as the ranked list does', async () => {
  server.use(withUnused(900, 0));
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const findingsSection = await section('Findings of the latest scan');
  const card = await within(findingsSection).findByRole('region', { name: 'Unused' });
  expect(within(card).getByRole('link', { name: 'Clean up: Unused' })).toHaveAttribute(
    'href',
    fixLink({ workflow: 'cleanup' }),
  );
});

test('with no unused field left, the archived ones nothing uses are still counted, below the list', async () => {
  server.use(withUnused(0, 12));
  renderWithProviders(<AuditPage />, { url: '/audit' });
  expect(
    await screen.findByRole('link', { name: '12 archived and unused, can be deleted' }),
  ).toHaveAttribute('href', deleteArchivedToo);
  expect(screen.getByText('Nothing to fix: no finding has a field.')).toBeInTheDocument();
});

test('a change in the diff names its owners, opens its field, and shows only the part of the expression that changed', async () => {
  const state = (owner: number, expression: string) => ({
    name: 'Margin',
    owner,
    status: 'VALID',
    locked: false,
    expression,
  });
  server.use(
    http.get(`${AUDIT_BASE}/diff`, () =>
      HttpResponse.json({
        from: scans[1],
        to: scans[0],
        counts: {
          ...Object.fromEntries(changeKinds.map((kind) => [kind, 0])),
          owner: 1,
          expression: 1,
          changed: 1,
        },
      }),
    ),
    http.post(`${AUDIT_BASE}/diff/changes`, () =>
      HttpResponse.json({
        totalHits: 1,
        hasMore: false,
        changes: [
          {
            id: 77,
            name: 'Margin',
            kinds: ['owner', 'expression'],
            before: state(5, "CASE WHEN `Region` = 'North' THEN SUM(`Amount`) ELSE 0 END"),
            after: state(6, "CASE WHEN `Region` = 'South' THEN SUM(`Amount`) ELSE 0 END"),
          },
        ],
      }),
    ),
    ...nameHandlers({
      owners: [
        { id: 5, name: 'Ada Lovelace' },
        { id: 6, name: 'Grace Hopper' },
      ],
    }),
  );
  const { user } = renderWithProviders(<AuditPage />, { url: '/audit' });
  const diff = await section('What changed between two scans');
  beIdle();
  await within(diff).findByText('1 field changed.');
  const name = await within(diff).findByText('Margin', { selector: 'a > bdi' });
  expect(name.closest('a')).toHaveAttribute('href', '/fields/77');
  await user.click(within(diff).getByRole('button', { name: 'Show the changes of Margin' }));

  const changes = within(diff).getByRole('table', { name: 'What changed in field 77' });
  // Named as the audit names an owner everywhere (contract/owner-words.ts).
  await within(changes).findByText('Ada Lovelace (owner 5)');
  expect(within(changes).getByText('Grace Hopper (owner 6)')).toBeInTheDocument();
  const edit = within(diff).getByLabelText('What changed in the expression');
  expect(edit.querySelector('del')).toHaveTextContent(/^North$/);
  expect(edit.querySelector('ins')).toHaveTextContent(/^South$/);
  expect(edit.textContent).toBe("CASE WHEN `Region` = 'NorthSouth' THEN SUM(`Amount`) ELS…");
});

test('a change in the diff says who made it and when, with its change set, where the journal knows it', async () => {
  const state = (locked: boolean) => ({
    name: 'Margin',
    owner: 5,
    status: 'VALID',
    locked,
    expression: 'SUM(`Amount`)',
  });
  const at = Date.UTC(2026, 5, 1, 9, 30);
  server.use(
    http.post(`${AUDIT_BASE}/diff/changes`, () =>
      HttpResponse.json({
        totalHits: 2,
        hasMore: false,
        changes: [
          {
            id: 77,
            name: 'Margin',
            kinds: ['locked'],
            before: state(false),
            after: state(true),
            changedBy: [{ changeSetId: 12, person: 'alice', at }],
          },
          {
            id: 78,
            name: 'Changed Elsewhere',
            kinds: ['locked'],
            before: state(false),
            after: state(true),
          },
        ],
      }),
    ),
  );
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const diff = await section('What changed between two scans');
  beIdle();
  const table = await within(diff).findByRole('table', { name: 'Changed fields' });
  const [, margin, elsewhere] = within(table).getAllByRole('row');
  expect(margin).toHaveTextContent(/Changed by alice at .+ \(change set 12\)/);
  expect(within(margin!).getByText('change set 12')).toHaveAttribute(
    'href',
    changeSetAddress({ id: 12, person: 'alice', at }),
  );
  expect(margin!.querySelector('time')).toHaveAttribute('datetime', new Date(at).toISOString());
  // A change the journal did not record was made outside this app: nothing is said.
  expect(elsewhere).not.toHaveTextContent('Changed by');
});

test.each([
  ['its change since the scan before', 9, '3 more'],
  [
    'that the scan before, kept from before the audit counted it, did not count it',
    undefined,
    'not counted then',
  ],
])('owned by inactive users shows %s', async (_, before: number | undefined, shown: string) => {
  const { inactiveOwners: _counted, ...older } = headline(100);
  const previous = before === undefined ? older : { ...older, inactiveOwners: before };
  server.use(
    http.get(`${AUDIT_BASE}/findings`, () =>
      HttpResponse.json({
        ...findingsAt(1, 100),
        findings: [
          {
            key: 'inactive-owners',
            title: findingTitles['inactive-owners'],
            rule: 'The rule of inactive-owners.',
            count: 12,
            groupCount: 0,
            groups: [],
          },
        ],
      }),
    ),
    http.get(`${AUDIT_BASE}/trend`, () =>
      HttpResponse.json({
        points: [
          { scanId: 1, finished: scans[1]!.finished!, headline: previous },
          { scanId: 2, finished: scans[0]!.finished!, headline: headline(100) },
        ],
      }),
    ),
  );
  renderWithProviders(<AuditPage />, { url: '/audit' });
  const list = await screen.findByRole('table', { name: 'Fix these first' });
  const row = within(list).getByRole('row', { name: /Owned by inactive users/ });
  await waitFor(() => expect(row.querySelector('[data-label^="Since"]')).toHaveTextContent(shown));
});
