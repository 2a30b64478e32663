import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { SeededRandom } from '../../demo/seeded-random';
import { importInstance } from '../../instance/import-instance';
import { IndexedFieldStore } from '../indexed-field-store';
import type { Db } from './db';
import { openDatabase } from './open-database';
import { SqliteFieldStore } from './sqlite-field-store';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-revisions-'));
  file = join(dir, 'store.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Field id -> everything a field is read from: its row and its links. */
function everyFieldAsStored(db: Db): Map<number, string> {
  const links = db.prepare<[number], unknown>(
    'SELECT * FROM links WHERE field_id = ? ORDER BY position',
  );
  const rows = db.prepare<[], { id: number }>('SELECT * FROM fields ORDER BY id').all();
  return new Map(rows.map((row) => [row.id, JSON.stringify([row, links.all(row.id)])]));
}

const revisions = (db: Db) =>
  new Map(
    db.prepare<[], [number, number]>('SELECT field_id, revision FROM field_revisions').raw().all(),
  );
const latestRevision = (db: Db) =>
  db.prepare<[], number>('SELECT revision FROM field_revision_count').pluck().get()!;

function seededStore(seed: number) {
  const db = openDatabase(file);
  const sqlite = new SqliteFieldStore(db);
  const store = new IndexedFieldStore(sqlite);
  expect(importInstance(store, generateDemoInstance({ fields: 200, seed }), 1).refusals).toEqual(
    [],
  );
  return { db, sqlite, store };
}

describe("each field's revision", () => {
  it.each([1])(
    'has a row for every field and no other, moved past the latest by every write that changed the field (seed %i)',
    (seed) => {
      const { db, sqlite, store } = seededStore(seed);
      const random = new SeededRandom(seed);
      const ids = () =>
        db.prepare<[], number>('SELECT id FROM fields WHERE locked = 0').pluck().all();
      const pick = <T>(items: readonly T[]) => items[random.int(0, items.length - 1)]!;
      for (let step = 0; step < 60; step += 1) {
        const before = everyFieldAsStored(db);
        const latest = latestRevision(db);
        const id = pick(ids());
        const other = sqlite.getField(pick(ids()))!;
        const kind = random.int(0, 3);
        // A rename and a new expression change the fields that nest or share the name too.
        if (kind === 0) store.updateField(id, { name: other.name }, 2);
        else if (kind === 1) store.updateField(id, { expression: `\`${other.name}\` + 1` }, 2);
        else if (kind === 2) store.deleteField(id);
        else store.setLocked(id, true, 3);
        const after = everyFieldAsStored(db);
        const revised = revisions(db);
        expect([...revised.keys()].sort((a, b) => a - b)).toEqual([...after.keys()]);
        for (const [fieldId, stored] of after) {
          if (before.get(fieldId) !== stored) expect(revised.get(fieldId)).toBeGreaterThan(latest);
        }
      }
      db.close();
    },
  );

  it("moves when another program changes only a field's link", () => {
    const { db } = seededStore(3);
    const fieldId = db.prepare<[], number>('SELECT field_id FROM links LIMIT 1').pluck().get()!;
    const before = revisions(db);
    const other = new Database(file);
    other.prepare("UPDATE links SET valid = 'INVALID' WHERE field_id = ?").run(fieldId);
    other.close();
    const after = revisions(db);
    expect(after.get(fieldId)).toBeGreaterThan(before.get(fieldId)!);
    after.delete(fieldId);
    before.delete(fieldId);
    expect(after).toEqual(before);
    db.close();
  });

  it('is 0 for every field of a store that kept none, once it opens', () => {
    const { db } = seededStore(4);
    db.exec(`DROP TABLE field_revisions; DROP TABLE field_revision_count;`);
    for (const trigger of db
      .prepare<[], string>(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%revision'",
      )
      .pluck()
      .all())
      db.exec(`DROP TRIGGER ${trigger}`);
    const ids = [...everyFieldAsStored(db).keys()];
    db.close();

    const reopened = openDatabase(file);
    expect(revisions(reopened)).toEqual(new Map(ids.map((id) => [id, 0])));
    expect(latestRevision(reopened)).toBe(0);
    reopened.prepare('UPDATE fields SET locked = 1 - locked WHERE id = ?').run(ids[0]!);
    expect(revisions(reopened).get(ids[0]!)).toBe(1);
    reopened.close();
  });
});
