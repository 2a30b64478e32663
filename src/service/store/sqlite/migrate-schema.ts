import type { Db } from './db';
import { nestByIdExpressions } from './nest-by-id';

/** The meta key that says every field must be derived again from what was authored. */
export const REDERIVE_PENDING = 'rederive_pending';

/**
 * Brings a store written by an earlier version up to the current schema, after
 * schema.ts has created any table that was missing. Whatever the earlier version
 * derived differently (search results without variable and dataType, no nested
 * references, the old order of functions, FIXED forms read as INVALID, nested
 * references by name) is derived again when the store opens: see
 * SqliteFieldStore.rederiveAll.
 */
export function migrateSchema(db: Db, fromVersion: number): void {
  if (fromVersion < 2) {
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(fields)').all();
    if (!columns.some((column) => column.name === 'expression_status')) {
      db.exec("ALTER TABLE fields ADD COLUMN expression_status TEXT NOT NULL DEFAULT ''");
    }
  }
  if (fromVersion < 3) {
    nestById(db);
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(REDERIVE_PENDING, '1');
  }
  // Version 4 derives nothing differently: it adds the count of changes the search
  // index replays, which openDatabase creates in every store (index-changes.ts).
  if (fromVersion < 5) {
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(tokens)').all();
    // Tokens made before roles existed could write: they stay editors.
    if (!columns.some((column) => column.name === 'role')) {
      db.exec("ALTER TABLE tokens ADD COLUMN role TEXT NOT NULL DEFAULT 'editor'");
    }
  }
}

/** Version 3: a field nests another by id; rewrite the names the old rule took as fields. */
function nestById(db: Db): void {
  const columnsBySource = new Map(
    db
      .prepare<[], { id: string; columns: string }>('SELECT id, columns FROM data_sources')
      .all()
      .map((row) => [row.id, JSON.parse(row.columns) as string[]]),
  );
  const sourceByCard = new Map(
    db
      .prepare<[], { id: string; data_source_id: string }>('SELECT id, data_source_id FROM cards')
      .all()
      .map((row) => [row.id, row.data_source_id]),
  );
  const sources = new Map<number, Array<string | undefined>>();
  for (const link of db
    .prepare<[], { field_id: number; resource_type: string; resource_id: string }>(
      'SELECT field_id, resource_type, resource_id FROM links ORDER BY field_id, position',
    )
    .all()) {
    const source =
      link.resource_type === 'CARD' ? sourceByCard.get(link.resource_id) : link.resource_id;
    sources.set(link.field_id, [...(sources.get(link.field_id) ?? []), source]);
  }
  const fields = db
    .prepare<[], { id: number; name: string; expression: string }>(
      'SELECT id, name, expression FROM fields',
    )
    .all()
    .map((row) => ({ ...row, sources: sources.get(row.id) ?? [] }));
  const rewrite = db.prepare('UPDATE fields SET expression = ? WHERE id = ?');
  for (const [id, expression] of nestByIdExpressions(fields, columnsBySource)) {
    rewrite.run(expression, id);
  }
}

/**
 * Owners gained `active`, and data sources and cards their `owner`, without a new
 * schema version (an older store's owners read as active, and its data sources and
 * cards as without an owner, until the instance file is imported again). Checked on every
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
  if (!has('cards', 'owner')) db.exec('ALTER TABLE cards ADD COLUMN owner INTEGER');
}
