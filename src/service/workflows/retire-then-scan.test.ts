import { afterEach, describe, expect, it } from 'vitest';
import type { FindingGroupsAnswer, FindingsAnswer } from '../../contract/audit';
import { AUDIT_BASE } from '../../contract/audit';
import type { ChangeSetDetail } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { findingsInstance } from '../audit/test-support/findings-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

// The fixes that archive fields, applied through the journal, then a scan: what the
// findings count afterwards (docs/audit.md, "From finding to fix").

let server: TestServer;
afterEach(() => server.close());

async function open(): Promise<void> {
  server = await startTestServer({
    instance: findingsInstance,
    withAudit: true,
    withJournal: true,
  });
  await scan();
}

async function scan(): Promise<void> {
  server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
}

async function ask<T>(method: 'GET' | 'POST', path: string, body?: unknown, status = 200) {
  const answer = await server.request(method, path, body);
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Posts the preview's changes as one change set and waits for it to end. */
async function apply(preview: WorkflowPreview): Promise<ChangeSetDetail> {
  const started = await ask<{ id: number }>(
    'POST',
    journalPaths.changeSets,
    { kind: preview.kind, items: preview.changes },
    202,
  );
  for (;;) {
    const detail = await ask<ChangeSetDetail>('GET', journalPaths.changeSet(started.id));
    if (detail.changeSet.state !== 'running') return detail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const findings = () => ask<FindingsAnswer>('GET', `${AUDIT_BASE}/findings`);
const groups = (key: string) =>
  ask<FindingGroupsAnswer>('GET', `${AUDIT_BASE}/findings/${key}/groups`);
const cleanup = (body: unknown, status = 200) =>
  ask<WorkflowPreview>('POST', workflowPaths.cleanup, body, status);

describe('fixes that archive, then a scan', () => {
  it("clean-up's archive: Unused falls by exactly the fields archived", async () => {
    await open();
    const before = (await findings()).headline;
    const preview = await cleanup({ action: 'archive', recentDays: 0, fieldIds: [13, 14, 16] });
    expect(preview.changes.map((change) => change.id)).toEqual([13, 14, 16]);
    const applied = await apply(preview);
    expect(applied.items.map((item) => item.state)).toEqual(['applied', 'applied', 'applied']);
    await scan();
    const after = (await findings()).headline;
    expect(after.unused).toBe(before.unused - 3);
    expect(after.archived).toBe(before.archived + 3);
  });

  it('a merge that archived the others: the duplicate group is gone at the next scan', async () => {
    await open();
    const [group] = (await groups('exact-duplicates')).groups;
    expect(group).toMatchObject({ key: '10', count: 2 });
    const merge = { group: { finding: 'exact-duplicates', key: group!.key } };
    const preview = await ask<WorkflowPreview>('POST', workflowPaths.merge, merge);
    expect(preview.changes).toEqual([
      { id: 11, change: { update: { archived: true } }, basedOn: expect.any(Object) },
    ]);
    await apply(preview);
    await scan();
    expect((await groups('exact-duplicates')).groups).toEqual([]);
    expect((await findings()).headline.exactDuplicates).toBe(0);
    // 10 and 12 are still the same formula written differently; 11 has left the group.
    expect((await groups('near-duplicates')).groups).toMatchObject([{ key: '10', count: 2 }]);
    const again = await ask<{ message: string }>('POST', workflowPaths.merge, merge, 404);
    expect(again.message).toContain('no such group');
  });

  it("clean-up's delete takes the unused fields archived already only when asked", async () => {
    await open();
    await apply(await cleanup({ action: 'archive', recentDays: 0, fieldIds: [14] }));
    await scan();
    const without = await cleanup({ action: 'delete', recentDays: 0, fieldIds: [13, 14] });
    expect(without.items.map((item) => item.id)).toEqual([13]);
    const refused = await ask<{ message: string }>(
      'POST',
      workflowPaths.cleanup,
      { action: 'archive', includeArchived: true },
      400,
    );
    expect(refused.message).toContain('only a delete can include fields archived already');

    const preview = await cleanup({
      action: 'delete',
      recentDays: 0,
      includeArchived: true,
      fieldIds: [13, 14],
    });
    expect(preview.summary).toBe(
      'delete unused fields, archived ones too: no active card link, nested by no other field',
    );
    expect(preview.items).toEqual([
      { id: 13, name: 'Other Sum', action: 'change', rule: 'delete' },
      { id: 14, name: 'On Inactive Card', action: 'change', rule: 'delete', archived: true },
    ]);
    await apply(preview);
    expect(server.stores.fields.getField(14)).toBeUndefined();
    expect(server.stores.fields.getField(13)).toBeUndefined();
  });
});
