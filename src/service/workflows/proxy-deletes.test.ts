import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../contract/paths';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { startScannedProxyAudit } from '../audit/test-support/scanned-proxy-audit';
import { fixtureInstance } from '../test-support/fixture-instance';
import { NOT_RESTORABLE, restoresWith } from '../journal/restorable';

const token = 'instance-token-for-proxy-deletes';
let proxy: Awaited<ReturnType<typeof startScannedProxyAudit>>;
beforeAll(async () => {
  proxy = await startScannedProxyAudit(token);
});
afterAll(() => proxy.close());

const linked = new Map(
  fixtureInstance.fields.map((field) => [
    field.id,
    (field.links ?? []).some((link) => restoresWith(link.type)),
  ]),
);

// Production creates a field again only with a link to a data source or a card: the
// journal's dry run skips the delete of a field without one, so the clean-up's preview
// says so first rather than counting it among the fields it deletes.
it('through a proxy, a clean-up that deletes skips each unused field without a link, saying its delete could not be undone', async () => {
  const answer = await proxy.app.inject({
    method: 'POST',
    url: workflowPaths.cleanup,
    headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
    payload: JSON.stringify({ action: 'delete', recentDays: 0, includeArchived: true }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const preview = answer.json<WorkflowPreview>();
  const unlinked = preview.items.filter((item) => !linked.get(item.id));
  expect(unlinked.length).toBeGreaterThan(0);
  for (const item of unlinked) {
    expect(item).toMatchObject({ action: 'skip', reason: NOT_RESTORABLE });
  }
  const deleted = new Set(preview.changes.map((change) => change.id));
  for (const item of unlinked) expect(deleted.has(item.id)).toBe(false);
});
