import type { Db } from './db';

/** The meta key that says every field must be derived again from what was authored. */
export const REDERIVE_PENDING = 'rederive_pending';

/**
 * Brings a store written by an earlier version up to the current schema, after
 * schema.ts has created any table that was missing. Whatever the earlier version
 * derived differently (search results without variable and dataType, no nested
 * references, the old order of functions, FIXED forms read as INVALID) is derived
 * again when the store opens: see SqliteFieldStore.rederiveAll.
 */
export function migrateSchema(db: Db, fromVersion: number): void {
  if (fromVersion < 2) {
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(fields)').all();
    if (!columns.some((column) => column.name === 'expression_status')) {
      db.exec("ALTER TABLE fields ADD COLUMN expression_status TEXT NOT NULL DEFAULT ''");
    }
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(REDERIVE_PENDING, '1');
  }
  if (fromVersion < 3) {
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(tokens)').all();
    // Tokens made before roles existed could write: they stay editors.
    if (!columns.some((column) => column.name === 'role')) {
      db.exec("ALTER TABLE tokens ADD COLUMN role TEXT NOT NULL DEFAULT 'editor'");
    }
  }
}
