// kill -9 in the middle of a journal's change set: on restart the set is incomplete,
// each item is applied or not, `check` finds which, and undo puts the applied ones back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSetDetail, UndoAnswer } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { TOKEN_HEADER } from '../../contract/paths';
import { startServiceProcess } from '../test-support/service-process';

const token = 'journal-crash-test-token';
const fieldCount = 300;
/** Appended by every item, so a field shows whether its item was applied. */
const marker = ' + 0';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-journal-crash-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function query<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], T>(sql).all();
  } finally {
    db.close();
  }
}

const expressions = (file: string) =>
  new Map(
    query<{ id: number; expression: string }>(file, 'SELECT id, expression FROM fields').map(
      (row) => [row.id, row.expression],
    ),
  );

// Two service processes start here: a busy machine needs more than the default time.
describe('kill -9 during a change set', { timeout: 180_000 }, () => {
  it('leaves the set incomplete; check finds what was applied, and undo puts it back', async () => {
    const data = join(dir, 'store.sqlite');
    const args = ['--data', data, '--demo-fields', String(fieldCount), '--demo-token', token];
    const first = startServiceProcess(args);
    const { url } = await first.ready;
    const before = expressions(data);
    const call = (base: string, method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const started = await call(url, 'POST', journalPaths.changeSets, {
      kind: 'edit',
      allowInvalid: true,
      items: [...before].map(([id, expression]) => ({
        id,
        change: { update: { expression: expression + marker } },
      })),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: number };

    // Kill once some items are written and the set is still running.
    let applied = 0;
    while (applied === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      applied = query<{ n: number }>(
        data,
        "SELECT count(*) AS n FROM journal_items WHERE state = 'applied'",
      )[0]!.n;
    }
    first.child.kill('SIGKILL');
    await first.stopped;

    const second = startServiceProcess(args);
    try {
      const again = (await second.ready).url;
      const read = async <T>(method: string, path: string, body?: unknown) =>
        (await (await call(again, method, path, body)).json()) as T;
      const found = await read<ChangeSetDetail>('GET', journalPaths.changeSet(id));
      expect(found.changeSet.state).toBe('incomplete');
      expect(found.changeSet.counts.applied).toBeGreaterThan(0);
      expect(found.changeSet.counts.pending).toBeGreaterThan(0);

      const checked = await read<ChangeSetDetail>('POST', journalPaths.check(id), {});
      const now = expressions(data);
      for (const item of checked.items) {
        if (item.state === 'skipped') continue;
        const wasApplied = now.get(item.fieldId) === before.get(item.fieldId)! + marker;
        expect(item.state, `field ${item.fieldId}`).toBe(wasApplied ? 'applied' : 'failed');
        if (!wasApplied) expect(now.get(item.fieldId)).toBe(before.get(item.fieldId));
      }
      expect(checked.changeSet.counts.pending + checked.changeSet.counts.unknown).toBe(0);

      const undo = await read<UndoAnswer>('POST', journalPaths.undo(id), { dryRun: false });
      let undone: ChangeSetDetail;
      do {
        undone = await read<ChangeSetDetail>('GET', journalPaths.changeSet(undo.changeSet!.id));
      } while (undone.changeSet.state === 'running');
      expect(undone.changeSet.counts.applied).toBe(checked.changeSet.counts.applied);
      expect(expressions(data)).toEqual(before);
    } finally {
      second.child.kill('SIGKILL');
      await second.stopped;
    }
  });
});
