/**
 * The store's tables. `name_key` holds the name's key (contract/name-order.ts), so
 * that search and sort fold case the same way for every script, not just ASCII.
 * `search_json` is the field's search result as sent, written with every change,
 * so that loading the search index reads one value instead of rebuilding it.
 * `expression_status` is the status from the expression alone; `status` is also
 * INVALID for a field in a reference cycle or nesting an id no field has.
 * `field_references` holds the ids each field nests (docs/expressions.md). Booleans
 * are 0/1 integers.
 *
 * Version 2 added expression_status and field_references, and search results
 * with variable and dataType. Version 3 nests fields by id (SERVICE_BEAST_MODE(<id>)):
 * field_references holds the ids as written, FUNCTION_TEMPLATE links follow them.
 * Version 4 added the count of changes the search index replays (index-changes.ts),
 * created in an older store as in a new one. Version 5 gave each token a role
 * (reader or editor). migrate-schema.ts brings older stores up to it.
 */
export const SCHEMA_VERSION = 5;

export const schemaSql = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS owners (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE IF NOT EXISTS data_sources (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  columns TEXT NOT NULL,
  owner INTEGER
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS cards (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  data_source_id TEXT NOT NULL,
  owner INTEGER
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS fields (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  owner INTEGER NOT NULL,
  locked INTEGER NOT NULL,
  global INTEGER NOT NULL,
  archived INTEGER NOT NULL,
  hidden INTEGER NOT NULL,
  variable INTEGER NOT NULL,
  aggregated INTEGER NOT NULL,
  analytic INTEGER NOT NULL,
  expression TEXT NOT NULL,
  check_sum TEXT NOT NULL,
  legacy_id TEXT NOT NULL UNIQUE,
  created INTEGER NOT NULL,
  last_modified INTEGER NOT NULL,
  data_type TEXT NOT NULL,
  status TEXT NOT NULL,
  cache_window TEXT NOT NULL,
  column_positions TEXT NOT NULL,
  functions TEXT NOT NULL,
  has_invalid_link INTEGER NOT NULL,
  has_active_link INTEGER NOT NULL,
  has_visible_data_source INTEGER NOT NULL,
  has_active_card INTEGER NOT NULL,
  search_json TEXT NOT NULL,
  expression_status TEXT NOT NULL
);
-- Everything the search index reads of a field, in name order: loading the index
-- scans this instead of the table (a tenth of its size), and positions come out
-- numbered. It replaces the narrower fields_by_name of earlier versions.
CREATE INDEX IF NOT EXISTS fields_in_name_order ON fields (
  name_key, id, owner, created, last_modified, status, locked, archived, global, variable,
  hidden, aggregated, has_invalid_link, has_active_link, has_visible_data_source, has_active_card
);
DROP INDEX IF EXISTS fields_by_name;
CREATE INDEX IF NOT EXISTS fields_by_created ON fields (created, id);
CREATE INDEX IF NOT EXISTS fields_by_last_modified ON fields (last_modified, id);
CREATE INDEX IF NOT EXISTS fields_by_owner ON fields (owner);

CREATE TABLE IF NOT EXISTS links (
  field_id INTEGER NOT NULL REFERENCES fields (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  resource_type TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  visible INTEGER NOT NULL,
  active INTEGER NOT NULL,
  valid TEXT NOT NULL,
  PRIMARY KEY (field_id, position)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS links_by_resource ON links (resource_type, resource_id, field_id);

CREATE TABLE IF NOT EXISTS field_functions (
  field_id INTEGER NOT NULL REFERENCES fields (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  PRIMARY KEY (field_id, name)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS field_functions_by_name ON field_functions (name, field_id);

CREATE TABLE IF NOT EXISTS field_references (
  field_id INTEGER NOT NULL REFERENCES fields (id) ON DELETE CASCADE,
  target_id INTEGER NOT NULL,
  PRIMARY KEY (field_id, target_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS field_references_by_target ON field_references (target_id, field_id);

CREATE TABLE IF NOT EXISTS tokens (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  created INTEGER NOT NULL,
  role TEXT NOT NULL DEFAULT 'editor'
);
`;
