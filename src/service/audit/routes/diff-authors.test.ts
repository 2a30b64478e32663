import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffChangesAnswer, Scan } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { journalClient } from '../../journal/test-support';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { findingsInstance } from '../test-support/findings-instance';

let server: TestServer;
let first: Scan;
let second: Scan;
/** The change sets made through the journal between the two scans: a lock, then an edit. */
const sets: Record<'lock' | 'edit', { id: number; at: number }> = {} as never;

async function scanOver(): Promise<Scan> {
  const started = await server.request('POST', `${AUDIT_BASE}/scans`);
  const { scan } = (await started.json()) as { scan: Scan };
  await server.audit!.service.scansSettled();
  const read = await server.request('GET', `${AUDIT_BASE}/scans/${scan.id}`);
  return ((await read.json()) as { scan: Scan }).scan;
}

beforeAll(async () => {
  server = await startTestServer({
    instance: findingsInstance,
    withAudit: true,
    withJournal: true,
  });
  const journal = journalClient(server);
  // Locked through the journal before the first scan, then unlocked outside the app.
  await journal.run({ kind: 'lock', items: [{ id: 9, change: { update: { locked: true } } }] });
  first = await scanOver();
  server.stores.fields.setLocked(9, false, Date.now());
  for (const [kind, id, update] of [
    ['lock', 12, { locked: true }],
    ['edit', 13, { expression: 'SUM(`Amount`) + 1' }],
  ] as const) {
    const done = await journal.run({ kind, items: [{ id, change: { update } }] });
    sets[kind] = { id: done.changeSet.id, at: done.changeSet.createdAt };
  }
  // Changed in the store directly: outside this app, so the journal knows nothing of it.
  server.stores.fields.setLocked(10, true, Date.now());
  second = await scanOver();
});
afterAll(() => server.close());

describe('who changed a field between two scans', () => {
  it('names the change set, person and time of each change made through the journal', async () => {
    const response = await server.request('POST', `${AUDIT_BASE}/diff/changes`, {
      from: first.id,
      to: second.id,
      limit: 50,
    });
    const { changes } = (await response.json()) as DiffChangesAnswer;
    const authors = Object.fromEntries(changes.map((change) => [change.id, change.changedBy]));
    expect(Object.keys(authors)).toEqual(['9', '10', '12', '13']);
    expect(authors[12]).toEqual([{ changeSetId: sets.lock.id, person: 'test', at: sets.lock.at }]);
    expect(authors[13]).toEqual([{ changeSetId: sets.edit.id, person: 'test', at: sets.edit.at }]);
    // Unlocked and locked outside the app: the lock recorded before the first scan explains neither.
    expect(authors[9]).toBeUndefined();
    expect(authors[10]).toBeUndefined();
  });

  it('carries them into the CSV and JSON exports', async () => {
    const query = `from=${first.id}&to=${second.id}`;
    const csv = await (await server.request('GET', `${AUDIT_BASE}/diff/export?${query}`)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]!.endsWith(',Changed by')).toBe(true);
    const lineOf = (id: number) => lines.find((line) => line.startsWith(`${id},`))!;
    expect(
      lineOf(12).endsWith(
        `,test at ${new Date(sets.lock.at).toISOString()} (change set ${sets.lock.id})`,
      ),
    ).toBe(true);
    expect(lineOf(10).endsWith(',')).toBe(true);
    const json = await server.request('GET', `${AUDIT_BASE}/diff/export?${query}&format=json`);
    const { changes } = (await json.json()) as DiffChangesAnswer;
    expect(changes.find((change) => change.id === 13)?.changedBy).toEqual([
      { changeSetId: sets.edit.id, person: 'test', at: sets.edit.at },
    ]);
    expect(changes.find((change) => change.id === 10)).not.toHaveProperty('changedBy');
  });
});
