import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Scan } from '../../../contract/audit';
import { apiPaths } from '../../../contract/paths';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { openTestAudit, recordingReads } from '../test-support/audit-fixture';
import { StoreFileSource } from './store-file-source';

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;

beforeEach(async () => {
  server = await startTestServer({ instance: generateDemoInstance({ fields: 400, seed: 3 }) });
  audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
  });
});
afterEach(async () => {
  await audit.close();
  await server.close();
});

// The store's file answers synchronously, so a scan on this thread that never gave the
// event loop a turn would hold every request until its last field was read.
it('answers searches while a scan of the embedded store is reading', async () => {
  const scan = audit.service.startScan(undefined);
  const response = await server.request('POST', apiPaths.search, {
    filters: [],
    sort: { field: 'name', ascending: true },
    limit: 50,
  });
  expect(response.status).toBe(200);
  const during = audit.store.scans.get(scan.id)!;
  expect(during.state).toBe('running');
  expect(during.progress.read).toBeLessThan(400);
  await audit.service.scansSettled();
  expect(audit.store.scans.get(scan.id)).toMatchObject({ state: 'complete', fields: 400 });
});

// The worker reads the store's file itself: asking this thread for pages and fields
// held it for 11% to 30% of a full scan's time, searches waiting behind.
it('asks the thread that answers requests for no listing page and no field', async () => {
  const asked = [
    vi.spyOn(StoreFileSource.prototype, 'listPage'),
    vi.spyOn(StoreFileSource.prototype, 'readField'),
    vi.spyOn(server.stores.fields, 'search'),
    vi.spyOn(server.stores.fields, 'getField'),
  ];
  const scan = audit.service.startScan(undefined);
  await audit.service.scansSettled();
  expect(audit.store.scans.get(scan.id)).toMatchObject({ state: 'complete', fields: 400 });
  for (const spy of asked) expect(spy).not.toHaveBeenCalled();
});

// Telling a listener reads the scan, which counts its members so far: told after every
// page, that was a third of a full scan's time at 100,000 fields.
it('tells a listener the progress at most every 250 ms, and the scan as it ended', async () => {
  await audit.close();
  const source = new StoreFileSource(server.dataFile);
  const pages = vi.spyOn(source, 'listPage');
  const tenAPage = Object.assign(Object.create(source) as StoreFileSource, { pageSize: 10 });
  audit = openTestAudit({
    // Read through this thread, 10 fields a page: the scan takes many steps.
    openSource: () => recordingReads(tenAPage),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
  });
  const heard: Array<{ at: number; scan: Scan }> = [];
  const unsubscribe = audit.service.onScanProgress((scan) =>
    heard.push({ at: performance.now(), scan }),
  );
  const scan = await audit.scan();
  unsubscribe();
  expect(scan).toMatchObject({ state: 'complete', fields: 400 });
  expect(pages.mock.calls.length).toBeGreaterThanOrEqual(40);
  // The first is the scan starting; the others are its progress, then its end.
  const progress = heard.slice(1).filter((event) => event.scan.state === 'running');
  for (let index = 1; index < progress.length; index += 1)
    expect(progress[index]!.at - progress[index - 1]!.at).toBeGreaterThan(230);
  expect(heard.at(-1)!.scan).toMatchObject({ id: scan.id, state: 'complete' });
  source.close();
});
