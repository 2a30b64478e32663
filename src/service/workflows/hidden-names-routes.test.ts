import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSetDetail } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import type { FieldRecordInput, InstanceFile } from '../instance/instance-file';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../instance/instance-file';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

// "Remove hidden characters" (docs/audit.md, "From finding to fix"): each name of the
// finding renamed to what it reads as, previewed, applied through the journal, undone.

const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };

const fields: FieldRecordInput[] = [
  { id: 1, name: 'report\u202Egnp.exe' },
  { id: 2, name: 'Revenue' },
  // Reads "Revenue" without its zero-width space: renaming it would make a true copy of 2's name.
  { id: 3, name: 'Reve\u200Bnue' },
  { id: 4, name: 'Cost\u200B', locked: true },
  { id: 5, name: '\u200B\u200B' },
  { id: 6, name: 'Margin\u200B', archived: true },
  // Both read "Total": neither may take it.
  { id: 7, name: 'Total\u202E' },
  { id: 8, name: 'To\u200Btal' },
  // A joiner inside a Persian word is part of it: nothing hidden.
  { id: 9, name: 'می\u200Cخواهم' },
  // Reads "Profit" once the space left at its end is trimmed, as every name is stored.
  { id: 10, name: 'Profit \u200B' },
  { id: 11, name: 'Profit' },
].map((field) => ({ ...field, expression: 'SUM(`Revenue`)', owner: 101, links: [onSales] }));

const instance: InstanceFile = {
  format: INSTANCE_FORMAT,
  version: INSTANCE_VERSION,
  owners: [{ id: 101, name: 'Ada Lovelace' }],
  dataSources: [{ id: SALES, name: 'Sales Orders', columns: ['Revenue'] }],
  cards: [],
  fields: fields.map((field) => ({ ...field, created: 1, lastModified: 2 })),
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ instance, withAudit: true, withJournal: true });
  server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
});
afterAll(() => server.close());

async function ask<T>(method: 'GET' | 'POST', path: string, body?: unknown, status = 200) {
  const answer = await server.request(method, path, body);
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const preview = (body: unknown, status = 200) =>
  ask<WorkflowPreview>('POST', workflowPaths.hiddenNames, body, status);

async function finished(id: number): Promise<ChangeSetDetail> {
  for (;;) {
    const detail = await ask<ChangeSetDetail>('GET', journalPaths.changeSet(id));
    if (detail.changeSet.state !== 'running') return detail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const storedName = (id: number) => server.stores.fields.getField(id)?.name;

describe('removing hidden characters from names', () => {
  it('renames each to what it reads as; skips locked, empty and look-alike names, saying why', async () => {
    const plan = await preview({});
    expect(plan.kind).toBe('rename');
    expect(plan.summary).toBe('8 fields whose names hold hidden characters');
    expect(plan.counts).toEqual({ change: 2, skip: 6, invalid: 0 });
    expect(plan.changes).toEqual([
      {
        id: 1,
        change: { update: { name: 'reportgnp.exe' } },
        basedOn: { checkSum: expect.any(String), lastModified: 2 },
      },
      {
        id: 6,
        change: { update: { name: 'Margin' } },
        basedOn: { checkSum: expect.any(String), lastModified: 2 },
      },
    ]);
    expect(plan.items.find((item) => item.id === 1)).toEqual({
      id: 1,
      name: 'report\u202Egnp.exe',
      action: 'change',
      newName: 'reportgnp.exe',
    });
    const reasons = new Map(plan.items.map((item) => [item.id, item.reason]));
    expect(Object.fromEntries(reasons)).toEqual({
      1: undefined,
      3: 'without its hidden characters it reads `Revenue`, as field 2 does: merge them, or rename it by hand',
      4: 'locked: unlock it first',
      5: 'without its hidden characters the name is empty: rename it by hand',
      6: undefined,
      7: 'without its hidden characters it reads `Total`, as field 8 does: merge them, or rename it by hand',
      8: 'without its hidden characters it reads `Total`, as field 7 does: merge them, or rename it by hand',
      10: 'without its hidden characters it reads `Profit`, as field 11 does: merge them, or rename it by hand',
    });
  });

  it('takes one group of the finding, or chosen fields; the version the audit saw guards each', async () => {
    const group = await preview({ group: { finding: 'hidden-name-characters', key: 'U+202E' } });
    expect(group.items.map((item) => item.id)).toEqual([1, 7]);
    expect(group.summary).toBe(
      '2 fields whose names hold hidden characters: right-to-left override (U+202E)',
    );
    const chosen = await preview({ fieldIds: [6, 2, 9] });
    expect(chosen.items.map((item) => [item.id, item.action])).toEqual([[6, 'change']]);
    const seen = server.stores.fields.getField(6)!;
    expect(chosen.changes[0]!.basedOn).toEqual({
      checkSum: seen.checkSum,
      lastModified: seen.lastModified,
    });
  });

  it('refuses a bad request with the error shape, and a group the finding lacks with 404', async () => {
    const both = await ask<{ message: string }>(
      'POST',
      workflowPaths.hiddenNames,
      { fieldIds: [1], group: { finding: 'hidden-name-characters', key: 'U+202E' } },
      400,
    );
    expect(both.message).toContain('not both');
    await ask('POST', workflowPaths.hiddenNames, { fieldIds: [0] }, 400);
    await ask('POST', workflowPaths.hiddenNames, { group: { finding: 'unused', key: 'x' } }, 400);
    await ask('POST', workflowPaths.hiddenNames, { extra: true }, 400);
    const gone = await ask<{ message: string }>(
      'POST',
      workflowPaths.hiddenNames,
      { group: { finding: 'hidden-name-characters', key: 'U+2066' } },
      404,
    );
    expect(gone.message).toContain('no such group');
  });

  it('applied through the journal, the names read as they look; undone, they hold their characters again', async () => {
    const plan = await preview({});
    const started = await ask<{ id: number }>(
      'POST',
      journalPaths.changeSets,
      { kind: plan.kind, items: plan.changes },
      202,
    );
    const applied = await finished(started.id);
    expect(applied.items.map((item) => [item.fieldId, item.state])).toEqual([
      [1, 'applied'],
      [6, 'applied'],
    ]);
    expect([storedName(1), storedName(6)]).toEqual(['reportgnp.exe', 'Margin']);
    expect((await preview({ fieldIds: [1, 6] })).items).toEqual([]);

    const undo = await ask<{ changeSet: { id: number } }>(
      'POST',
      journalPaths.undo(started.id),
      { dryRun: false },
      202,
    );
    await finished(undo.changeSet.id);
    expect([storedName(1), storedName(6)]).toEqual(['report\u202Egnp.exe', 'Margin\u200B']);
  });

  it('leaves a name someone changed since the scan as they left it: a rename keeps the check sum', async () => {
    server.audit!.service.startScan(undefined);
    await server.audit!.service.scansSettled();
    const plan = await preview({ fieldIds: [1] });
    expect(plan.items.map((item) => [item.id, item.action])).toEqual([[1, 'change']]);
    const before = server.stores.fields.getField(1)!;
    server.stores.fields.updateField(1, { name: 'report (old)\u202E' }, before.lastModified + 1000);
    expect(server.stores.fields.getField(1)!.checkSum).toBe(before.checkSum);
    const started = await ask<{ id: number }>(
      'POST',
      journalPaths.changeSets,
      { kind: plan.kind, items: plan.changes },
      202,
    );
    const done = await finished(started.id);
    expect(done.items.map((item) => [item.fieldId, item.state])).toEqual([[1, 'skipped']]);
    expect(storedName(1)).toBe('report (old)\u202E');
  });
});
