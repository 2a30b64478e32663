import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { apiPaths } from '../../../contract/paths';
import type { SearchResponse } from '../../../contract/search';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { StoreFileSource } from '../scan/store-file-source';
import { openTestAudit } from '../test-support/audit-fixture';
import type { Findings } from './compute-findings';
import { computeFindings } from './compute-findings';
import { wholeIndex } from '../search/finding-index';
import { summaryOf } from './describe-findings';
import type * as LockChangeModule from './lock-change';
import { findingsAfterLocks, onlyLockChanged } from './lock-change';

// The real function, watched: how often the findings are made again after locks.
vi.mock('./lock-change', async (importOriginal) => {
  const original = await importOriginal<typeof LockChangeModule>();
  return { ...original, findingsAfterLocks: vi.fn(original.findingsAfterLocks) };
});

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;

beforeAll(async () => {
  server = await startTestServer({ instance: generateDemoInstance({ fields: 400 }) });
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

/** The findings of the instance as last seen, computed from nothing, as after a restart. */
function computedAgain(): Findings {
  const { service } = audit;
  return computeFindings(
    [...service.view()!.facts().values()],
    (ids) => audit.store.current.expressions(ids),
    undefined,
  );
}

/** Everything the API answers of a set of findings. */
const answered = (findings: Findings) => ({
  headline: findings.headline,
  rules: Object.values(findings.byKey).map((finding) => ({
    ...finding,
    notes: [...finding.notes],
  })),
  fields: [...findings.fields.values()],
  summary: summaryOf(findings),
  statistics: wholeIndex(findings).statistics(),
});

async function lockThroughServer(id: number, locked: boolean) {
  const answer = await server.request('PUT', apiPaths.template(id), { locked });
  expect(answer.status).toBe(200);
  audit.service.fieldChanged(await answer.json());
}

async function firstIds(filter: 'locked' | 'notlocked', count: number): Promise<number[]> {
  const answer = await server.request('POST', apiPaths.search, {
    filters: [{ field: filter }],
    sort: { field: 'id', ascending: true },
    limit: count,
  });
  return ((await answer.json()) as SearchResponse).results.map((field) => field.id);
}

test('locks through the server move the findings at once, to what computing them again gives', async () => {
  const before = audit.service.view()!.findings();
  // Described and counted, as the page's first visit leaves them.
  answered(before);
  const toLock = await firstIds('notlocked', 3);
  const [toUnlock] = await firstIds('locked', 1);
  for (const id of toLock) await lockThroughServer(id, true);
  await lockThroughServer(toUnlock!, false);

  const after = audit.service.view()!.findings();
  // No rule ran again: their answers are the very ones from before.
  expect(after.byKey).toBe(before.byKey);
  expect(after.headline.locked).toBe(before.headline.locked + 2);
  expect(after.fields.get(toLock[0]!)!.locked).toBe(true);
  expect(answered(after)).toEqual(answered(computedAgain()));
});

test('only a change of the lock (and of when the field was modified) counts as a lock', () => {
  const facts = [...audit.service.view()!.facts().values()];
  const field = facts.find((entry) => entry.lint.length === 0 && entry.names.length > 0)!;
  const locked = { ...field, locked: !field.locked, lastModified: field.lastModified + 1 };
  expect(onlyLockChanged(field, locked)).toBe(true);
  expect(onlyLockChanged(field, { ...locked, name: `${field.name} (renamed)` })).toBe(false);
  expect(onlyLockChanged(field, { ...locked, status: 'INVALID' })).toBe(false);
  expect(onlyLockChanged(field, { ...locked, names: [...field.names, 'Other'] })).toBe(false);
  expect(onlyLockChanged(field, { ...locked, lint: [{ rule: 'r', message: 'm' }] })).toBe(false);
});

test('after a restart, locks before anything reads the findings leave every field unread, and the findings read later include them', async () => {
  await audit.reopen();
  const readsEveryField = vi.spyOn(audit.store.current, 'facts');
  const lockedBefore = (await firstIds('locked', 5000)).length;
  const toLock = await firstIds('notlocked', 2);
  for (const id of toLock) await lockThroughServer(id, true);
  expect(readsEveryField).not.toHaveBeenCalled();

  const after = audit.service.view()!.findings();
  expect(readsEveryField).toHaveBeenCalledTimes(1);
  expect(after.headline.locked).toBe(lockedBefore + 2);
  expect(after.fields.get(toLock[0]!)!.locked).toBe(true);
  expect(answered(after)).toEqual(answered(computedAgain()));
});

test('locks made while nothing reads the findings are taken into them in one step, when next read', async () => {
  const before = audit.service.view()!.findings();
  const findingsMadeAgain = vi.mocked(findingsAfterLocks);
  findingsMadeAgain.mockClear();
  const [first, second] = await firstIds('notlocked', 2);
  await lockThroughServer(first!, true);
  await lockThroughServer(second!, true);
  // Locked and unlocked again before anything read the findings: counted as it ends.
  await lockThroughServer(first!, false);
  // A copy of every field's facts for each lock made a bulk lock at 100,000 fields
  // about 40 ms a field.
  expect(findingsMadeAgain).not.toHaveBeenCalled();

  const after = audit.service.view()!.findings();
  expect(findingsMadeAgain).toHaveBeenCalledTimes(1);
  expect(after.byKey).toBe(before.byKey);
  expect(after.headline.locked).toBe(before.headline.locked + 1);
  expect(after.fields.get(first!)!.locked).toBe(false);
  expect(after.fields.get(second!)!.locked).toBe(true);
  expect(answered(after)).toEqual(answered(computedAgain()));
  expect(audit.service.view()!.findings()).toBe(after);
});
