import type { LockChange } from '../index/field-index';
import { indexedColumns } from './load-index-columns';
import type { Db } from './db';

/**
 * The store's own count of changes to what the search index reads, kept by
 * triggers so that every writer is counted without knowing about it: this
 * service, an import, another program on the same file. A saved index records
 * the count it holds (saved-index.ts); the next start replays what came after.
 *
 * Two kinds of change: a lock (`locked` and `last_modified`), which the index
 * takes in place, is listed per field in `lock_changes`; anything else (a field
 * added, removed or changed in another indexed column, its links, functions or
 * references) moves `rebuild_seq`, and the index is built again from SQLite.
 */
const lockColumns = ['locked', 'last_modified'];
const childTables = ['links', 'field_functions', 'field_references'];

const bump = 'UPDATE index_changes SET seq = seq + 1';
const bumpRebuild = 'UPDATE index_changes SET seq = seq + 1, rebuild_seq = seq + 1';
const changedAny = (columns: readonly string[]) =>
  columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');

export const indexChangesSql = `
CREATE TABLE IF NOT EXISTS index_changes (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  seq INTEGER NOT NULL,
  rebuild_seq INTEGER NOT NULL
);
INSERT OR IGNORE INTO index_changes (singleton, seq, rebuild_seq) VALUES (1, 0, 0);
CREATE TABLE IF NOT EXISTS lock_changes (
  field_id INTEGER PRIMARY KEY,
  seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS lock_changes_by_seq ON lock_changes (seq);
INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', lower(hex(randomblob(16))));
`;

/** Trigger name -> its SQL, derived from the columns the index reads. */
function triggers(): Map<string, string> {
  const rebuildColumns = indexedColumns.filter((column) => !lockColumns.includes(column));
  const list = new Map<string, string>([
    [
      'fields_lock_change',
      `CREATE TRIGGER fields_lock_change AFTER UPDATE OF ${lockColumns.join(', ')} ON fields
WHEN ${changedAny(lockColumns)}
BEGIN
  ${bump};
  INSERT OR REPLACE INTO lock_changes (field_id, seq) SELECT NEW.id, seq FROM index_changes;
END`,
    ],
    [
      'fields_update_rebuild',
      `CREATE TRIGGER fields_update_rebuild AFTER UPDATE ON fields
WHEN ${changedAny(rebuildColumns)}
BEGIN ${bumpRebuild}; END`,
    ],
  ]);
  for (const table of ['fields', ...childTables]) {
    for (const event of ['INSERT', 'DELETE']) {
      const name = `${table}_${event.toLowerCase()}_rebuild`;
      list.set(name, `CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN ${bumpRebuild}; END`);
    }
  }
  for (const table of childTables) {
    const name = `${table}_update_rebuild`;
    list.set(name, `CREATE TRIGGER ${name} AFTER UPDATE ON ${table} BEGIN ${bumpRebuild}; END`);
  }
  return list;
}

/**
 * Creates the triggers, or replaces those whose SQL changed (the indexed columns
 * are code, not schema): run in the transaction that opens the store.
 */
export function ensureIndexChangeTriggers(db: Db): void {
  const stored = db.prepare<[string], string>(
    "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
  );
  for (const [name, sql] of triggers()) {
    if (stored.pluck().get(name) === sql) continue;
    db.exec(`DROP TRIGGER IF EXISTS ${name}; ${sql}`);
  }
}

/** What changed after a count: everything to replay, or only that the index must be built again. */
export type ChangesSince =
  | { seq: number; rebuild: true }
  | { seq: number; rebuild: false; locks: LockChange[] };

export class IndexChanges {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      counts: db.prepare<[], { seq: number; rebuild_seq: number }>(
        'SELECT seq, rebuild_seq FROM index_changes',
      ),
      locksSince: db.prepare<[number], { id: number; locked: number; last_modified: number }>(
        `SELECT fields.id, fields.locked, fields.last_modified
         FROM lock_changes JOIN fields ON fields.id = lock_changes.field_id
         WHERE lock_changes.seq > ? ORDER BY lock_changes.seq`,
      ),
      storeId: db.prepare<[], string>("SELECT value FROM meta WHERE key = 'store_id'").pluck(),
    };
  }

  /** The count now. */
  seq(): number {
    return this.statements.counts.get()!.seq;
  }

  /**
   * The changes after `seq`, read in one transaction. A count ahead of the store's
   * own (a store put back from a backup) asks for a rebuild too.
   */
  since(seq: number): ChangesSince {
    const read = this.db.transaction((): ChangesSince => {
      const counts = this.statements.counts.get()!;
      if (counts.rebuild_seq > seq || counts.seq < seq) return { seq: counts.seq, rebuild: true };
      const locks = this.statements.locksSince.all(seq).map((row) => ({
        id: row.id,
        locked: row.locked === 1,
        lastModified: row.last_modified,
      }));
      return { seq: counts.seq, rebuild: false, locks };
    });
    return read();
  }

  /** A random id given to the store when it was created: no other store has it. */
  storeId(): string {
    return this.statements.storeId.get()!;
  }
}
