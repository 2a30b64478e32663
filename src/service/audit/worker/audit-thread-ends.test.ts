import { Worker } from 'node:worker_threads';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { StoreFileSource } from '../scan/store-file-source';
import { openTestAudit } from '../test-support/audit-fixture';
import { IDLE_END_MS } from './audit-thread';

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;
let ended: MockInstance<Worker['terminate']>;

beforeEach(async () => {
  server = await startTestServer();
  audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
  });
  ended = vi.spyOn(Worker.prototype, 'terminate');
});
afterEach(async () => {
  vi.useRealTimers();
  ended.mockRestore();
  await audit.close();
  await server.close();
});

it("ends the audit's thread as soon as a scan is done, and starts another for the next", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const first = await audit.scan();
  vi.advanceTimersByTime(0);
  expect(ended).toHaveBeenCalledTimes(1);
  vi.useRealTimers();

  await server.request('PUT', apiPaths.template(3), { locked: true });
  const second = await audit.scan();
  expect(second.headline?.locked).toBe((first.headline?.locked ?? 0) + 1);
});

it("keeps the audit's thread for a while after a diff, for the next job", async () => {
  const first = await audit.scan();
  await server.request('PUT', apiPaths.template(3), { locked: true });
  const second = await audit.scan();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  ended.mockClear();

  await audit.service.diff(first.id, second.id);
  vi.advanceTimersByTime(IDLE_END_MS - 1);
  expect(ended).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(ended).toHaveBeenCalledTimes(1);
});
