import type Database from 'better-sqlite3';

/**
 * The journal's tables, in the store's file (embedded mode) or the audit's (proxy
 * mode). A set and all its items are written in one transaction before anything
 * is sent; each item's outcome is written as it completes. Fields' states are the
 * complete field as JSON. A dry run is kept too, until it is confirmed or expires.
 * Creating them when present writes nothing.
 */
const journalSchemaSql = `
CREATE TABLE IF NOT EXISTS journal_change_sets (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  note TEXT,
  person TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  state TEXT NOT NULL,
  undo_of INTEGER,
  undone_by INTEGER,
  counts_json TEXT
);
CREATE INDEX IF NOT EXISTS journal_change_sets_by_state ON journal_change_sets (state);

CREATE TABLE IF NOT EXISTS journal_items (
  change_set_id INTEGER NOT NULL REFERENCES journal_change_sets (id),
  position INTEGER NOT NULL,
  field_id INTEGER NOT NULL,
  field_name TEXT NOT NULL,
  state TEXT NOT NULL,
  reason TEXT,
  message TEXT,
  error_json TEXT,
  change_json TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT,
  new_id INTEGER,
  PRIMARY KEY (change_set_id, position)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS journal_items_by_field ON journal_items (field_id, change_set_id);
-- A set's counts by state from the index alone: its summary is read every 200 ms while it
-- runs, and counting the rows, each a field before and after, took 260 ms at 88,000 items.
CREATE INDEX IF NOT EXISTS journal_items_by_state ON journal_items (change_set_id, state);
CREATE INDEX IF NOT EXISTS journal_items_by_new_id ON journal_items (new_id) WHERE new_id IS NOT NULL;

-- Dry runs kept for their confirmation (plan-store.ts): a plan of 100,000 fields is read by
-- page and confirmed by its id, never sent back. used_by is the set that confirmed it;
-- undo_of, on an undo's dry run, the set it undoes, and undo_applied how many of that set's
-- items were applied when it was made: a retry or a check that applies more refuses it.
CREATE TABLE IF NOT EXISTS journal_plans (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  note TEXT,
  person TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_by INTEGER,
  undo_of INTEGER,
  undo_applied INTEGER
);
CREATE INDEX IF NOT EXISTS journal_plans_by_person ON journal_plans (person, id);

-- Laid out as journal_items, so a confirmation copies its rows into a set in SQL. With a
-- rowid: each row is two fields as JSON, and a WITHOUT ROWID table of such rows took twice
-- the time and the disk to write (100,000 rows: 4.3-5.5 s and 440 MB of WAL, against 2.5 s
-- and 220 MB).
CREATE TABLE IF NOT EXISTS journal_plan_items (
  plan_id INTEGER NOT NULL REFERENCES journal_plans (id),
  position INTEGER NOT NULL,
  field_id INTEGER NOT NULL,
  field_name TEXT NOT NULL,
  action TEXT NOT NULL,
  reason TEXT,
  message TEXT,
  change_json TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS journal_plan_items_in_order
  ON journal_plan_items (plan_id, position);
CREATE INDEX IF NOT EXISTS journal_plan_items_by_action
  ON journal_plan_items (plan_id, action, position);
`;

/** Creates the journal's tables, and adds what a file made by an older server lacks. */
export function migrateJournalSchema(db: Database.Database): void {
  db.exec(journalSchemaSql);
  const columnsOf = (table: string) =>
    db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);
  // Kept undo dry runs came after kept plans: their files have no undo_of.
  if (!columnsOf('journal_plans').includes('undo_of'))
    db.exec('ALTER TABLE journal_plans ADD COLUMN undo_of INTEGER');
  // An undo's dry run's count of applied items came later still: such a plan is refused.
  if (!columnsOf('journal_plans').includes('undo_applied'))
    db.exec('ALTER TABLE journal_plans ADD COLUMN undo_applied INTEGER');
  // A finished set's counts of items by state (journal-store.ts, setState): Activity's
  // page and a field's history read them for every set they list, and counting a set
  // of 100,000 items each time took 4 to 20 ms.
  if (!columnsOf('journal_change_sets').includes('counts_json'))
    db.exec('ALTER TABLE journal_change_sets ADD COLUMN counts_json TEXT');
}
