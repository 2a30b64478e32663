import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import type { ColumnImpact, MergeGroup, WorkflowPreview } from '../../contract/workflows';
import { remapTargetOfGroup, workflowPaths } from '../../contract/workflows';
import type { FindingGroupsAnswer } from '../../contract/audit';
import { AUDIT_BASE } from '../../contract/audit';
import { SALES } from '../audit/test-support/findings-instance';
import { findingsInstance } from '../audit/test-support/findings-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ instance: findingsInstance, withAudit: true });
  server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
});
afterAll(() => server.close());

async function post<T>(path: string, body: unknown, status = 200): Promise<T> {
  const answer = await server.request('POST', path, body);
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const byId = (preview: WorkflowPreview) => new Map(preview.items.map((item) => [item.id, item]));

describe('the workflows API', () => {
  it('answers only a token the instance accepts, and only JSON', async () => {
    const missing = await server.request('POST', workflowPaths.remap, {}, { [TOKEN_HEADER]: '' });
    expect(missing.status).toBe(401);
    const text = await server.request('POST', workflowPaths.remap, 'x', {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(415);
  });

  it('column impact: direct users, fields nesting them at any depth, and their cards, by name', async () => {
    const impact = await post<ColumnImpact>(workflowPaths.columnImpact, {
      dataSourceId: SALES,
      column: 'Revenue',
    });
    expect(impact.dataSource).toBe('Sales Orders');
    expect(impact.direct.map((field) => field.name)).toEqual(['Revenue Total', 'Old Revenue']);
    expect(impact.transitive.map((field) => field.id)).toEqual([2, 3, 17]);
    expect(impact.cards).toEqual([{ id: 'dr:1:1', title: 'Revenue by Region' }]);
    expect(impact.columns).toEqual(['Cost', 'Region', 'Order Date']);
  });

  it('remap: every diff checked against the data source, a missing column marked INVALID', async () => {
    const good = await post<WorkflowPreview>(workflowPaths.remap, {
      dataSourceId: SALES,
      column: 'Revenue',
      to: 'Cost',
    });
    expect(good.kind).toBe('remap');
    expect(good.changes).toEqual([
      { id: 1, change: { update: { expression: 'SUM(`Cost`)' } }, basedOn: expect.any(Object) },
      {
        id: 18,
        change: { update: { expression: 'SUM(`Cost`) * 2' } },
        basedOn: expect.any(Object),
      },
    ]);
    expect(byId(good).get(1)).toMatchObject({ status: 'VALID', removed: [{ start: 4, end: 13 }] });

    const bad = await post<WorkflowPreview>(workflowPaths.remap, {
      dataSourceId: SALES,
      column: 'Revenue',
      to: 'Nope',
      fieldIds: [1],
    });
    expect(bad.counts).toEqual({ change: 1, skip: 0, invalid: 1 });
    expect(bad.summary).toBe('`Revenue` -> `Nope` on Sales Orders: 1 field');
    expect(bad.items[0]!.problems).toEqual(['the data source has no column `Nope`']);
  });

  it('remap: a field INVALID before stays marked so', async () => {
    const preview = await post<WorkflowPreview>(workflowPaths.remap, {
      dataSourceId: SALES,
      column: 'Cost',
      to: 'Revenue',
    });
    expect(byId(preview).get(6)).toMatchObject({ status: 'INVALID', wasInvalid: true });
  });

  it('refuses a bad request with the error shape and bounded words', async () => {
    const answer = await post<{ message: string }>(
      workflowPaths.remap,
      { dataSourceId: SALES, column: 'Revenue', to: 'a`b' },
      400,
    );
    expect(answer.message).toContain('backtick');
  });

  it('find and replace in the selection: outside strings and comments', async () => {
    const preview = await post<WorkflowPreview>(workflowPaths.replace, {
      find: 'total',
      replace: 'sum',
      codeOnly: true,
      scope: { ids: [12] },
    });
    expect(preview.items).toEqual([]);
    const everywhere = await post<WorkflowPreview>(workflowPaths.replace, {
      find: 'sum',
      replace: 'AVG',
      scope: { ids: [10, 12, 13] },
    });
    expect(everywhere.changes.map((change) => change.change)).toEqual([
      { update: { expression: 'AVG(`Amount`)' } },
      { update: { expression: 'AVG( `Amount` ) -- total' } },
      { update: { expression: 'AVG(`Status`)' } },
    ]);
  });

  it('find and replace over the table search, with regular expression groups', async () => {
    const preview = await post<WorkflowPreview>(workflowPaths.replace, {
      find: 'SUM\\((`[^`]+`)\\)',
      replace: 'MAX($1)',
      regex: true,
      matchCase: true,
      scope: { search: { filters: [], sort: { field: 'id', ascending: true }, name: 'Dup' } },
    });
    expect(preview.items.map((item) => [item.name, item.after])).toEqual([
      ['Dup One', 'MAX(`Amount`)'],
      ['Dup Two', 'MAX(`Amount`)'],
    ]);
  });

  it('a bad or catastrophic pattern is a 400 naming why', async () => {
    const bad = await post<{ message: string }>(
      workflowPaths.replace,
      { find: '(a', replace: '', regex: true, scope: { ids: [1] } },
      400,
    );
    expect(bad.message).toContain('not a valid regular expression');
    const slow = await post<{ message: string }>(
      workflowPaths.replace,
      { find: '(a+)+$', replace: '', regex: true, scope: { ids: [1] } },
      400,
    );
    expect(slow.message).toContain('run for ever');
  });

  it('merge: the others repointed to the kept one, archived or deleted', async () => {
    const plan = await post<WorkflowPreview>(workflowPaths.merge, { fieldIds: [18, 1] });
    expect(plan.keep).toBe(1);
    // 18 is archived already: the preview does not count it among the changes.
    expect(plan.changes).toEqual([
      {
        id: 17,
        change: { update: { expression: 'SERVICE_BEAST_MODE(1) / 2' } },
        basedOn: expect.any(Object),
      },
    ]);
    expect(byId(plan).get(18)).toMatchObject({ action: 'skip', reason: 'archived already' });
    const deleted = await post<WorkflowPreview>(workflowPaths.merge, {
      fieldIds: [18, 1],
      others: 'delete',
    });
    expect(deleted.changes.at(-1)).toEqual({
      id: 18,
      change: { delete: true },
      basedOn: expect.any(Object),
    });
  });

  it('merge: only a card whose field goes, or would but for the card, is listed to move by hand', async () => {
    const cardsOf = async (body: object) =>
      (await post<WorkflowPreview>(workflowPaths.merge, body)).cards;
    // 3 is locked and 9 archived already: they stay, so their cards have nothing to move.
    expect(await cardsOf({ fieldIds: [1, 3], keep: 1, others: 'delete' })).toEqual([]);
    expect(await cardsOf({ fieldIds: [8, 9], keep: 8, others: 'archive' })).toEqual([]);
    // 9's delete waits for its card: the card is what to move.
    expect(await cardsOf({ fieldIds: [8, 9], keep: 8, others: 'delete' })).toEqual([
      { id: 'dr:2:5', title: 'Open Tickets', fieldIds: [9] },
    ]);
    await server.request('PUT', apiPaths.template(3), { locked: false });
    try {
      expect(await cardsOf({ fieldIds: [1, 3], keep: 1, others: 'archive' })).toEqual([
        { id: 'dr:1:1', title: 'Revenue by Region', fieldIds: [3] },
      ]);
    } finally {
      await server.request('PUT', apiPaths.template(3), { locked: true });
    }
  });

  it("merge from the audit's duplicate group, the suggested keeper the oldest of equals", async () => {
    const groups = await server.request('GET', `${AUDIT_BASE}/findings/exact-duplicates/groups`);
    const [group] = ((await groups.json()) as FindingGroupsAnswer).groups;
    const plan = await post<WorkflowPreview>(workflowPaths.merge, {
      group: { finding: 'exact-duplicates', key: group!.key },
    });
    expect(plan.keep).toBe(10);
    // Duplicates often share their name: the one kept is named by its id too, as each item is.
    expect(plan.summary).toBe('keep Dup One (field 10); the other goes');
    expect(plan.items.map((item) => [item.name, item.rule])).toEqual([['Dup Two', 'archive']]);
    const missing = await post<{ message: string }>(
      workflowPaths.merge,
      { group: { finding: 'exact-duplicates', key: 'nothing' } },
      404,
    );
    expect(missing.message).toContain('no such group');
  });

  it("merge group: the group's fields by name with their active links, the one with most suggested", async () => {
    const choice = await post<MergeGroup>(workflowPaths.mergeGroup, { fieldIds: [1, 3] });
    expect(choice).toEqual({
      fields: [
        { id: 1, name: 'Revenue Total', activeLinks: 1 },
        { id: 3, name: 'Revenue Share Pct', activeLinks: 3 },
      ],
      suggested: 3,
    });
    const groups = await server.request('GET', `${AUDIT_BASE}/findings/exact-duplicates/groups`);
    const [group] = ((await groups.json()) as FindingGroupsAnswer).groups;
    const fromFinding = await post<MergeGroup>(workflowPaths.mergeGroup, {
      group: { finding: 'exact-duplicates', key: group!.key },
    });
    expect(fromFinding.fields.map((field) => field.name)).toEqual(['Dup One', 'Dup Two']);
    expect(fromFinding.suggested).toBe(10);
    await post(workflowPaths.mergeGroup, { group: { finding: 'exact-duplicates', key: 'x' } }, 404);
    await post(workflowPaths.mergeGroup, { fieldIds: [1, 3], keep: 1 }, 400);
  });

  it('a broken-references group names the column a remap starts from', async () => {
    const groups = await server.request('GET', `${AUDIT_BASE}/findings/broken-references/groups`);
    const keys = ((await groups.json()) as FindingGroupsAnswer).groups.map((group) => group.key);
    expect(keys.map(remapTargetOfGroup)).toContainEqual({ dataSourceId: SALES, column: 'Profit' });
  });

  it('merge: a delete waits while a field that nests the old one cannot be repointed', async () => {
    const plan = await post<WorkflowPreview>(workflowPaths.merge, {
      fieldIds: [2, 8],
      keep: 8,
      others: 'delete',
    });
    const items = byId(plan);
    expect(items.get(3)).toMatchObject({ action: 'skip', reason: 'locked: unlock it first' });
    expect(items.get(2)).toMatchObject({ action: 'skip' });
    expect(items.get(2)!.reason).toBe(
      'used by 1 field that is not repointed: move them first, or archive it',
    );
  });

  it('hand-over to one person, by name, locked fields skipped', async () => {
    const plan = await post<WorkflowPreview>(workflowPaths.handover, { from: 101, to: 103 });
    expect(plan.counts).toMatchObject({ change: 6, skip: 1 });
    expect(byId(plan).get(1)).toMatchObject({ to: 'Linus Torvalds', place: 'Sales Orders' });
    expect(plan.changes[0]!.change).toEqual({ update: { owner: 103 } });
  });

  it('clean-up: the Unused finding, recently changed skipped', async () => {
    const plan = await post<WorkflowPreview>(workflowPaths.cleanup, { fieldIds: [14, 1] });
    expect(plan.changes).toEqual([
      { id: 14, change: { update: { archived: true } }, basedOn: expect.any(Object) },
    ]);
    const recent = await post<WorkflowPreview>(workflowPaths.cleanup, {
      fieldIds: [14],
      recentDays: 3650,
      action: 'delete',
    });
    expect(recent.items[0]).toMatchObject({
      action: 'skip',
      reason: 'changed in the last 3650 days',
    });
  });

  it('clean-up: a field archived since the scan is Unused no more; a delete takes it only when asked', async () => {
    await server.request('PUT', apiPaths.template(14), { archived: true });
    try {
      for (const action of ['archive', 'delete']) {
        const plan = await post<WorkflowPreview>(workflowPaths.cleanup, {
          fieldIds: [14],
          recentDays: 0,
          action,
        });
        expect(plan.items).toEqual([]);
      }
      const remove = await post<WorkflowPreview>(workflowPaths.cleanup, {
        fieldIds: [14],
        recentDays: 0,
        action: 'delete',
        includeArchived: true,
      });
      expect(remove.changes).toEqual([
        { id: 14, change: { delete: true }, basedOn: expect.any(Object) },
      ]);
    } finally {
      await server.request('PUT', apiPaths.template(14), { archived: false });
    }
  });
});
