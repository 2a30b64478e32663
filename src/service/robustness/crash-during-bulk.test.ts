// kill -9 in the middle of a bulk call: each item is its own transaction, so every
// field is either as it was or wholly as the item asked, never half written.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { startServiceProcess } from '../test-support/service-process';

const token = 'bulk-crash-test-token';
const fieldCount = 1000;
/** Appended by every item, so a field shows whether its item was applied. */
const marker = ' + 0 -- bulk';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-bulk-crash-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Row {
  id: number;
  expression: string;
  check_sum: string;
  last_modified: number;
  search_json: string;
}

function rowsOf(file: string): Row[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], Row>('SELECT id, expression, check_sum, last_modified, search_json FROM fields')
      .all();
  } finally {
    db.close();
  }
}

function appliedCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[string], number>("SELECT count(*) FROM fields WHERE expression LIKE '%' || ?")
      .pluck()
      .get(marker)!;
  } finally {
    db.close();
  }
}

// A service process starts here: a busy machine needs more than the default time.
describe('kill -9 during a bulk call', { timeout: 120_000 }, () => {
  it('leaves every item applied or not, and the database intact', async () => {
    const data = join(dir, 'store.sqlite');
    const service = startServiceProcess([
      '--data',
      data,
      '--demo-fields',
      String(fieldCount),
      '--demo-token',
      token,
    ]);
    const { url } = await service.ready;
    const before = new Map(rowsOf(data).map((row) => [row.id, row]));
    const update = [...before.values()].map((row) => ({
      id: row.id,
      expression: row.expression + marker,
    }));
    const call = fetch(`${url}${apiPaths.bulkTemplate}`, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ update }),
    }).catch(() => undefined);

    // Kill once some items are written and the call is still under way.
    let applied = 0;
    while (applied === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      applied = appliedCount(data);
    }
    service.child.kill('SIGKILL');
    await service.stopped;
    expect(await call).toBeUndefined();

    const database = new Database(data, { readonly: true });
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    database.close();

    const after = rowsOf(data);
    expect(after.length).toBe(fieldCount);
    const written = after.filter((row) => row.expression.endsWith(marker));
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(fieldCount);
    for (const row of after) {
      const old = before.get(row.id)!;
      if (!row.expression.endsWith(marker)) {
        expect(row).toEqual(old);
        continue;
      }
      // Wholly applied: derived from the new expression, with its new time and search result.
      expect(row.check_sum).toBe(createHash('sha1').update(row.expression).digest('hex'));
      expect(row.last_modified).toBeGreaterThanOrEqual(old.last_modified);
      expect(JSON.parse(row.search_json).lastModified).toBe(row.last_modified);
    }
  });
});
