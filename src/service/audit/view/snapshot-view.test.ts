import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { FindingsAnswer } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { apiPaths } from '../../../contract/paths';
import type { NormalizedSearchRequest } from '../../../contract/search-validation';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { computeFindings } from '../findings/compute-findings';
import type * as ComputeFindingsModule from '../findings/compute-findings';
import { summaryOf } from '../findings/describe-findings';
import type * as DescribeFindingsModule from '../findings/describe-findings';
import { StoreFileSource } from '../scan/store-file-source';
import { wholeIndex } from '../search/finding-index';
import type * as FindingIndexModule from '../search/finding-index';
import { indexColumnsOfFacts } from '../search/index-columns-of-facts';
import type * as IndexColumnsModule from '../search/index-columns-of-facts';
import { openTestAudit } from '../test-support/audit-fixture';
import type { SnapshotView } from './snapshot-view';

// The real functions, watched: what a view builds, and what it takes from the one before.
vi.mock('../findings/compute-findings', async (importOriginal) => {
  const original = await importOriginal<typeof ComputeFindingsModule>();
  return { ...original, computeFindings: vi.fn(original.computeFindings) };
});
vi.mock('../findings/describe-findings', async (importOriginal) => {
  const original = await importOriginal<typeof DescribeFindingsModule>();
  return { ...original, summaryOf: vi.fn(original.summaryOf) };
});
vi.mock('../search/finding-index', async (importOriginal) => {
  const original = await importOriginal<typeof FindingIndexModule>();
  return { ...original, wholeIndex: vi.fn(original.wholeIndex) };
});
// What any index over a snapshot's fields is built from: every field's, or a finding's own.
vi.mock('../search/index-columns-of-facts', async (importOriginal) => {
  const original = await importOriginal<typeof IndexColumnsModule>();
  return { ...original, indexColumnsOfFacts: vi.fn(original.indexColumnsOfFacts) };
});
const builders = [computeFindings, summaryOf, wholeIndex, indexColumnsOfFacts].map((f) =>
  vi.mocked(f),
);

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;

beforeAll(async () => {
  server = await startTestServer({ instance: generateDemoInstance({ fields: 300 }) });
  audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
  });
  expect((await audit.scan()).state).toBe('complete');
});
afterAll(async () => {
  await audit.close();
  await server.close();
});
beforeEach(() => {
  for (const builder of builders) builder.mockClear();
});

const newestFirst: NormalizedSearchRequest = {
  filters: [],
  sort: { field: 'lastModified', ascending: false },
  limit: 50,
};

const lockedOnly: NormalizedSearchRequest['filters'] = [
  { kind: 'flag', flag: 'locked', negated: false },
];

/** Everything the audit answers from a view. */
function answers(view: SnapshotView) {
  const [group] = view.findings().byKey['exact-duplicates'].groups;
  return {
    headline: view.findings().headline,
    summary: view.summary(),
    statistics: view.statistics(),
    functions: view.functionUsage(),
    newest: view.search(newestFirst),
    unused: view.searchFinding('unused', undefined, newestFirst),
    unusedLocked: view.searchFinding('unused', undefined, { ...newestFirst, filters: lockedOnly }),
    group: view.searchFinding('exact-duplicates', group!.key, {
      ...newestFirst,
      sort: { field: 'name', ascending: false },
    }),
    locked: view.search({ ...newestFirst, filters: lockedOnly }),
  };
}

async function changeThroughServer(id: number, body: Record<string, unknown>) {
  const answer = await server.request('PUT', apiPaths.template(id), body);
  expect(answer.status).toBe(200);
  audit.service.fieldChanged(await answer.json());
}

test('a lock makes the next view from the last one: nothing is built again, and it answers as one built from nothing', async () => {
  const before = audit.service.view()!;
  const answeredBefore = answers(before);
  const unused = answeredBefore.unused.ids[0]!;
  for (const builder of builders) builder.mockClear();

  await changeThroughServer(unused, { locked: true });
  const after = audit.service.view()!;
  const answeredAfter = answers(after);

  for (const builder of builders) expect(builder).not.toHaveBeenCalled();
  expect(after.version).toBeGreaterThan(before.version);
  expect(answeredAfter.headline.locked).toBe(answeredBefore.headline.locked + 1);
  expect(answeredAfter.newest.ids[0]).toBe(unused);
  expect(answeredAfter.locked.ids).toContain(unused);
  expect(answeredAfter.unusedLocked.ids[0]).toBe(unused);
  await audit.reopen();
  expect(answeredAfter).toEqual(answers(audit.service.view()!));
});

test("a finding's or a group's first page builds no index of its own on this thread", async () => {
  // A scan that found a change: its view, with the index of every field, comes from the worker.
  const [id] = audit.service.view()!.search(newestFirst).ids;
  const field = server.stores.fields.getField(id!)!;
  server.stores.fields.setLocked(id!, !field.locked, Date.now());
  await audit.scan();
  const view = audit.service.view()!;
  for (const builder of builders) builder.mockClear();

  const { byKey } = view.findings();
  const pages = Object.values(byKey).flatMap(({ key, ids, groups }) => [
    { ids, page: view.searchFinding(key, undefined, newestFirst) },
    ...groups.slice(0, 3).map((group) => ({
      ids: group.ids,
      page: view.searchFinding(key, group.key, newestFirst),
    })),
  ]);

  for (const builder of builders) expect(builder).not.toHaveBeenCalled();
  expect(pages.filter(({ ids }) => ids.length > 0).length).toBeGreaterThan(9);
  for (const { ids, page } of pages) {
    expect(page.totalHits).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(page.ids));
  }
});

test("the newest field's lastModified, which a refresh asks the instance for changes since, follows a lock", async () => {
  const newestOf = (view: SnapshotView) =>
    Math.max(...[...view.facts().values()].map((field) => field.lastModified));
  const before = audit.service.view()!;
  expect(before.newestLastModified()).toBe(newestOf(before));
  const [oldest] = before.search({
    ...newestFirst,
    sort: { field: 'lastModified', ascending: true },
  }).ids;

  await changeThroughServer(oldest!, { locked: !before.facts().get(oldest!)!.locked });
  const after = audit.service.view()!;

  expect(after.newestLastModified()).toBe(after.facts().get(oldest!)!.lastModified);
  expect(after.newestLastModified()).toBe(newestOf(after));
  expect(after.newestLastModified()).toBeGreaterThan(before.newestLastModified()!);
});

test('a view never changes: the one before a lock still answers as it did', async () => {
  const before = audit.service.view()!;
  const answeredBefore = answers(before);
  const [id] = before.search({
    ...newestFirst,
    filters: [{ kind: 'flag', flag: 'locked', negated: true }],
  }).ids;

  await changeThroughServer(id!, { locked: true });
  answers(audit.service.view()!);

  expect(answers(before)).toEqual(answeredBefore);
});

test('a scan that finds nothing changed builds nothing again; one that finds a change computes the findings, off this thread', async () => {
  const before = audit.service.view()!;
  const answeredBefore = answers(before);
  for (const builder of builders) builder.mockClear();

  const idle = await audit.scan();
  const after = audit.service.view()!;
  expect(after.scan.id).toBe(idle.id);
  expect(answers(after)).toEqual(answeredBefore);
  for (const builder of builders) expect(builder).not.toHaveBeenCalled();

  // Changed by another client of the instance: only a scan sees it.
  const [id] = answeredBefore.newest.ids;
  const field = server.stores.fields.getField(id!)!;
  server.stores.fields.setLocked(id!, !field.locked, Date.now());
  await audit.scan();
  expect(audit.service.view()!.findings().headline.locked).not.toBe(answeredBefore.headline.locked);
  // Computed on the audit's worker thread, and taken by the view as they came, with
  // the index of every field the statistics and searches read.
  expect(answers(audit.service.view()!).statistics.locked).not.toBe(
    answeredBefore.statistics.locked,
  );
  expect(vi.mocked(computeFindings)).not.toHaveBeenCalled();
  expect(vi.mocked(wholeIndex)).not.toHaveBeenCalled();
});

test("a lock before anything was asked of a scan's view moves it in the index made with the findings, not in one built here", async () => {
  // A scan that found a change: its view comes from the worker, nothing asked of it yet.
  const [id] = audit.service.view()!.search(newestFirst).ids;
  const field = server.stores.fields.getField(id!)!;
  server.stores.fields.setLocked(id!, !field.locked, Date.now());
  await audit.scan();
  for (const builder of builders) builder.mockClear();

  // And back, through this server: a lock the view takes in.
  await changeThroughServer(id!, { locked: field.locked });
  const statistics = audit.service.view()!.statistics();

  expect(vi.mocked(wholeIndex)).not.toHaveBeenCalled();
  await audit.reopen();
  expect(statistics).toEqual(audit.service.view()!.statistics());
});

test('a change other than a lock has the next findings made off this thread; the findings asked for wait for them', async () => {
  answers(audit.service.view()!);
  for (const builder of builders) builder.mockClear();
  const [id] = audit.service.view()!.search(newestFirst).ids;
  const renamed = `${server.stores.fields.getField(id!)!.name} (renamed)`;

  await changeThroughServer(id!, { name: renamed });
  const view = await audit.service.viewWithFindings();

  expect(view!.findings().fields.get(id!)?.name).toBe(renamed);
  expect(vi.mocked(computeFindings)).not.toHaveBeenCalled();
});

test('a scan that found nothing changed takes a view whose findings a change left to be made, and makes none here', async () => {
  // The scan asked for the headline as last seen, then a rename came before it completed.
  const [id] = (await audit.service.viewWithFindings())!.search(newestFirst).ids;
  await changeThroughServer(id!, { name: 'Renamed while a scan completed' });
  const changed = audit.service.view()!;
  expect(changed.needsFindings()).toBe(true);

  const next = changed.withScan(changed.version + 1, changed.scan);

  expect(vi.mocked(computeFindings)).not.toHaveBeenCalled();
  expect(next.needsFindings()).toBe(true);
  const view = await audit.service.viewWithFindings();
  expect(view!.findings().fields.get(id!)?.name).toBe('Renamed while a scan completed');
  expect(vi.mocked(computeFindings)).not.toHaveBeenCalled();
});

test('after a restart the findings are made off this thread, and the first asked for wait for them', async () => {
  const served = await startTestServer({
    instance: generateDemoInstance({ fields: 300 }),
    withAudit: true,
  });
  try {
    served.audit!.service.startScan(undefined);
    await served.audit!.service.scansSettled();
    await served.restart();
    served.audit!.service.begin({ firstScan: false });
    const response = await served.request('GET', `${AUDIT_BASE}/findings`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as FindingsAnswer).headline.total).toBe(300);
    expect((await served.request('GET', `${AUDIT_BASE}/statistics`)).status).toBe(200);
    // Neither the findings, nor what the page shows of them, nor the index its
    // statistics are counted with were made on this thread.
    expect(vi.mocked(computeFindings)).not.toHaveBeenCalled();
    expect(vi.mocked(summaryOf)).not.toHaveBeenCalled();
    expect(vi.mocked(wholeIndex)).not.toHaveBeenCalled();
  } finally {
    await served.close();
  }
});
