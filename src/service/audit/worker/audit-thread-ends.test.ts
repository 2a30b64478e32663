import { Worker } from 'node:worker_threads';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { StoreFileSource } from '../scan/store-file-source';
import { openTestAudit } from '../test-support/audit-fixture';
import { AuditThread, IDLE_END_MS } from './audit-thread';

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;
let ended: MockInstance<Worker['terminate']>;
let started: MockInstance<() => Worker>;

/**
 * How many of the audit's threads were ended. Other threads end too (the saved index is
 * written on one of its own, whenever the store's timer says), so those are not counted.
 */
const auditThreadsEnded = () =>
  ended.mock.contexts.filter((worker) =>
    started.mock.results.some((result) => result.value === worker),
  ).length;

beforeEach(async () => {
  server = await startTestServer();
  audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
  });
  ended = vi.spyOn(Worker.prototype, 'terminate');
  // The thread's own start (private), so its workers can be told from others.
  started = vi.spyOn(AuditThread.prototype as unknown as { start(): Worker }, 'start');
});
afterEach(async () => {
  vi.useRealTimers();
  ended.mockRestore();
  started.mockRestore();
  await audit.close();
  await server.close();
});

it("ends the audit's thread as soon as a scan is done, and starts another for the next", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const first = await audit.scan();
  vi.advanceTimersByTime(0);
  expect(auditThreadsEnded()).toBe(1);
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
  expect(auditThreadsEnded()).toBe(0);
  vi.advanceTimersByTime(1);
  expect(auditThreadsEnded()).toBe(1);
});
