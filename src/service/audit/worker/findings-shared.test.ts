import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { StoreFileSource } from '../scan/store-file-source';
import { openTestAudit } from '../test-support/audit-fixture';

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;

beforeEach(async () => {
  server = await startTestServer();
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

it("takes a scan's findings in from the audit's thread on shared memory, not moved", async () => {
  const scan = await audit.scan();
  expect(scan.state).toBe('complete');

  const view = audit.service.view()!;
  const { columns } = view.facts().pack();
  const { groups } = Object.values(view.findings().byKey).find(
    (finding) => finding.groups.length > 0,
  )!;
  // A moved buffer counts on this thread as memory outside its heap (shared-instead.ts).
  expect(columns.ids.buffer).toBeInstanceOf(SharedArrayBuffer);
  expect(columns.owners.buffer).toBeInstanceOf(SharedArrayBuffer);
  expect(groups.pack().ids.buffer).toBeInstanceOf(SharedArrayBuffer);
  expect(view.facts().get(3)?.id).toBe(3);
});
