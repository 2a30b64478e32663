import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { StoreFileSource } from '../scan/store-file-source';
import { openTestAudit } from '../test-support/audit-fixture';
import { AuditThread } from '../worker/audit-thread';

// The real thing, watched: how often a diff is handed to the audit's thread to compute.
const diffsComputed = vi.spyOn(AuditThread.prototype, 'diff');

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;

beforeAll(async () => {
  server = await startTestServer();
  audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () => undefined,
  });
});
afterAll(async () => {
  await audit.close();
  await server.close();
});

it('computes a diff asked for by several requests at once only once', async () => {
  const first = await audit.scan();
  await server.request('PUT', apiPaths.template(3), { locked: true });
  const second = await audit.scan();

  const answers = await Promise.all(
    Array.from({ length: 5 }, () => audit.service.diff(first.id, second.id)),
  );

  expect(diffsComputed).toHaveBeenCalledTimes(1);
  expect(answers[0]!.changes.map(({ id, kinds }) => ({ id, kinds }))).toEqual([
    { id: 3, kinds: ['locked'] },
  ]);
  for (const answer of answers) expect(answer).toBe(answers[0]);
});
