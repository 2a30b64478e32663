import type { Db } from './open-database';

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
}

/**
 * Owners gained `active` and data sources their `owner` without a new schema
 * version (an older store's owners read as active, and its data sources as
 * without an owner, until the instance file is imported again). Checked on every
 * open, so it holds whichever version a store was written at.
 */
export function addNameColumns(db: Db): void {
  const has = (table: string, column: string) =>
    db
      .prepare<[], { name: string }>(`PRAGMA table_info(${table})`)
      .all()
      .some((each) => each.name === column);
  if (!has('owners', 'active')) {
    db.exec('ALTER TABLE owners ADD COLUMN active INTEGER NOT NULL DEFAULT 1');
  }
  if (!has('data_sources', 'owner')) db.exec('ALTER TABLE data_sources ADD COLUMN owner INTEGER');
}
