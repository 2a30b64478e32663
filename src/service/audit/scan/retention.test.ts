import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiPaths } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { openTestAudit } from '../test-support/audit-fixture';
import { inParts } from '../storage/in-parts';
import { StoreFileSource } from './store-file-source';

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;

beforeEach(async () => {
  server = await startTestServer();
  audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
    keep: 3,
    // Age alone keeps nothing here: only the count and the rules below decide.
    retention: { keepMs: 0, keepEnded: 2 },
  });
});
afterEach(async () => {
  await audit.close();
  await server.close();
});

const keptIds = () => audit.store.scans.page(0, 1000).scans.map((scan) => scan.id);

it('scans that find nothing changed cannot erase a change from the history, nor its diff', async () => {
  const first = await audit.scan();
  await server.request('PUT', apiPaths.template(3), { locked: true });
  const locked = await audit.scan();
  let latest = locked;
  for (let idle = 0; idle < 31; idle++) latest = await audit.scan();

  // The idle scans do not pile up either: only the newest of them stays.
  expect(keptIds()).toEqual([latest.id, locked.id, first.id]);
  const diff = await audit.service.diff(first.id, locked.id);
  expect(diff.changes.map(({ id, kinds }) => ({ id, kinds }))).toEqual([
    { id: 3, kinds: ['locked'] },
  ]);
});

it('keeps the newest failed and cancelled scans only, however many there were', async () => {
  const first = await audit.scan();
  const cancelled: number[] = [];
  for (let round = 0; round < 5; round++) {
    const running = audit.service.startScan(undefined);
    await audit.service.cancelScan(running.id);
    cancelled.push(running.id);
  }
  expect(keptIds()).toEqual([cancelled[4], cancelled[3], first.id]);
});

it('keeps scans that changed something beyond the count while they are younger than the age kept', async () => {
  const young = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
    keep: 1,
  });
  try {
    const ids: number[] = [];
    for (const locked of [false, true, false, true]) {
      await server.request('PUT', apiPaths.template(3), { locked });
      ids.push((await young.scan()).id);
    }
    expect(young.store.scans.page(0, 100).scans.map((scan) => scan.id)).toEqual(ids.reverse());
  } finally {
    await young.close();
  }
});

it('a scan being pruned is shown nowhere, and its snapshot goes even when a restart interrupted that', async () => {
  const first = await audit.scan();
  for (const locked of [true, false, true]) {
    await server.request('PUT', apiPaths.template(3), { locked });
    await audit.scan();
  }
  const [second] = keptIds().slice(-2);
  // As a restart would leave it: marked, its snapshot still there.
  const marked = audit.store.scans.markPruning({ keep: 1, keepMs: 0, keepEnded: 0 }, Date.now());
  expect(marked).toContain(second);
  expect(audit.store.members.versions(second!).size).toBeGreaterThan(0);
  expect(audit.service.scan(second!)).toBeUndefined();
  expect(keptIds()).not.toContain(second);

  await audit.reopen();
  await audit.scan();
  expect(audit.store.members.versions(second!).size).toBe(0);
  expect(keptIds()).toContain(first.id);
});

it('counts the fields a scan changed in parts, as one count over every field does', async () => {
  const first = await audit.scan();
  for (const id of [2, 5, 9, 14])
    await server.request('PUT', apiPaths.template(id), { locked: true });
  const second = await audit.scan();
  const differing = (from: number, to: number) =>
    audit.store.members.differing(second.id, first.id, from, to);

  const whole = differing(0, Number.MAX_SAFE_INTEGER);
  expect(whole).toBeGreaterThanOrEqual(3);
  for (const part of [1, 2, 3, 5, 100])
    expect(await inParts(audit.store, second.id, differing, part)).toBe(whole);
});

it('stops looking at parts once it has found enough', async () => {
  const first = await audit.scan();
  await server.request('PUT', apiPaths.template(5), { locked: true });
  const second = await audit.scan();
  const looked: number[] = [];
  const differing = (from: number, to: number) => {
    looked.push(from);
    return audit.store.members.differing(second.id, first.id, from, to);
  };
  expect(await inParts(audit.store, second.id, differing, 2, 1)).toBe(1);
  // Parts of two members: field 5 is in the third.
  expect(looked).toEqual([0, 3, 5]);
  looked.length = 0;
  expect(await inParts(audit.store, second.id, differing, 2)).toBe(1);
  expect(looked.length).toBe(8);
});
