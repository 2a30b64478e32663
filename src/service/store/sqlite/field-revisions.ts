import type { Db } from './db';

/**
 * Each field's revision: a count the store moves whenever anything a field is read
 * from changes (its row, or one of its links), kept by triggers so that every writer
 * is counted without knowing about it, as index-changes.ts does for the search index.
 * The audit's scan of the store's file lists only the fields changed since the
 * revision its last complete scan listed at, and the others by id alone
 * (audit/scan/store-file-source.ts), instead of reading and hashing every field's
 * search result.
 *
 * `field_revisions` has a row for every field and for no other id: a field's row is
 * made when the field is, and goes with it; a change to a link moves a row that is
 * there and makes none. A store without the table gets it, every field at revision 0,
 * when it opens: no schema version, so an older version of this service can still
 * open the file, and its writes are counted by the same triggers.
 */
export const fieldRevisionsSql = `
CREATE TABLE IF NOT EXISTS field_revisions (
  field_id INTEGER PRIMARY KEY,
  revision INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS field_revision_count (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  revision INTEGER NOT NULL
);
`;

const bump = 'UPDATE field_revision_count SET revision = revision + 1';
const revisionOf = (id: string) =>
  `INSERT OR REPLACE INTO field_revisions (field_id, revision) SELECT ${id}, revision FROM field_revision_count`;
const moveRevisionOf = (id: string) =>
  `UPDATE field_revisions SET revision = (SELECT revision FROM field_revision_count) WHERE field_id = ${id}`;

const triggers = new Map<string, string>([
  [
    'fields_insert_revision',
    `CREATE TRIGGER fields_insert_revision AFTER INSERT ON fields
BEGIN ${bump}; ${revisionOf('NEW.id')}; END`,
  ],
  [
    'fields_update_revision',
    `CREATE TRIGGER fields_update_revision AFTER UPDATE ON fields
BEGIN
  ${bump};
  DELETE FROM field_revisions WHERE field_id = OLD.id AND OLD.id <> NEW.id;
  ${revisionOf('NEW.id')};
END`,
  ],
  [
    'fields_delete_revision',
    `CREATE TRIGGER fields_delete_revision AFTER DELETE ON fields
BEGIN DELETE FROM field_revisions WHERE field_id = OLD.id; END`,
  ],
  [
    'links_insert_revision',
    `CREATE TRIGGER links_insert_revision AFTER INSERT ON links
BEGIN ${bump}; ${moveRevisionOf('NEW.field_id')}; END`,
  ],
  [
    'links_update_revision',
    `CREATE TRIGGER links_update_revision AFTER UPDATE ON links
BEGIN ${bump}; ${moveRevisionOf('OLD.field_id')}; ${moveRevisionOf('NEW.field_id')}; END`,
  ],
  [
    'links_delete_revision',
    `CREATE TRIGGER links_delete_revision AFTER DELETE ON links
BEGIN ${bump}; ${moveRevisionOf('OLD.field_id')}; END`,
  ],
]);

/**
 * Creates the table of revisions (every field at revision 0 in a store that had
 * none) and the triggers that keep it, or replaces a trigger whose SQL changed: run
 * in the transaction that opens the store.
 */
export function ensureFieldRevisions(db: Db): void {
  db.exec(fieldRevisionsSql);
  const made = db
    .prepare('INSERT OR IGNORE INTO field_revision_count (singleton, revision) VALUES (1, 0)')
    .run();
  if (made.changes > 0)
    db.exec('INSERT OR REPLACE INTO field_revisions (field_id, revision) SELECT id, 0 FROM fields');
  const stored = db
    .prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
    .pluck();
  for (const [name, sql] of triggers) {
    if (stored.get(name) === sql) continue;
    db.exec(`DROP TRIGGER IF EXISTS ${name}; ${sql}`);
  }
}
