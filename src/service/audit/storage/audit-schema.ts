/**
 * The audit's own SQLite file (docs/audit.md, "Storage"). It is kept apart from
 * the field store so that the store can be replaced or migrated without touching
 * the history, and so that proxy mode, which has no store, keeps scans the same way.
 *
 * - `instances`: one row per instance audited from this file, keyed by its address
 *   (proxy mode) or `embedded`; every other row belongs to one instance.
 * - `field_versions`: each distinct state of a field ever read, stored once
 *   (`digest` is the SHA-1 of its canonical JSON), with the facts the findings
 *   need, derived once per version.
 * - `scans`: every scan, running or finished, with its progress counters and, once
 *   complete, its headline numbers for the trend and whether it found any field changed
 *   (`changes`, 1 or 0; a count in scans completed before schema 5); the headlines
 *   kept before schema 6 have no number for Unused and duplicates, which counted
 *   archived fields then (docs/decisions.md);
 *   `listed_at`, where its listing started in the source's revisions (embedded mode:
 *   the next scan lists only the fields changed since, scan/store-file-source.ts).
 * - `scan_members`: the snapshot of a scan: which version of each field it saw.
 *   While a scan runs, rows are added as fields are read, so a restart resumes.
 * - `scan_listing`: the listed fields the running scan has to read (new, or changed
 *   since the instance as last seen), so a restart knows what is left.
 * - `current_members`: the instance as last seen: the latest complete snapshot plus
 *   the writes made through this server since.
 * - `directories`: the names and columns the instance gave at its last scan, when it
 *   offers the directory extension.
 * - `scan_facts`: the facts of a scan's snapshot in one encoded block (in parts), so
 *   the next scan reads only the facts of the fields that changed since.
 */
export const AUDIT_SCHEMA_VERSION = 6;

const scanFactsSql = `CREATE TABLE IF NOT EXISTS scan_facts (
  scan_id INTEGER NOT NULL REFERENCES scans (id) ON DELETE CASCADE,
  part INTEGER NOT NULL,
  parts INTEGER NOT NULL,
  format INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (scan_id, part)
);`;

/** What each older version of the schema needs to become the current one. */
export const auditMigrations: Record<number, string> = {
  // A complete scan knows how many fields it found changed, which retention weighs.
  1: 'ALTER TABLE scans ADD COLUMN changes INTEGER',
  // Whether a listed field changed is answered from an index (built once, a pass over the file).
  2: 'CREATE INDEX IF NOT EXISTS field_versions_listing ON field_versions (id, listing_digest)',
  // The next scan starts from the facts the last one loaded, in one block.
  3: scanFactsSql,
  // The next embedded scan lists only the fields the store changed since this one's listing.
  4: 'ALTER TABLE scans ADD COLUMN listed_at TEXT',
  // Unused and duplicates leave archived fields out now: a number counted with them is
  // no number of these findings, and the page says "not counted then" (contract/audit.ts).
  5: `UPDATE scans SET headline = json_remove(headline, '$.unused', '$.exactDuplicates', '$.nearDuplicates')
      WHERE headline IS NOT NULL`,
};

export const auditSchemaSql = `
CREATE TABLE IF NOT EXISTS instances (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  created INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS field_versions (
  id INTEGER PRIMARY KEY,
  instance_id INTEGER NOT NULL REFERENCES instances (id),
  field_id INTEGER NOT NULL,
  digest TEXT NOT NULL,
  listing_digest TEXT NOT NULL,
  body TEXT NOT NULL,
  facts TEXT NOT NULL,
  facts_version INTEGER NOT NULL,
  UNIQUE (instance_id, field_id, digest)
);
-- Whether a listed field changed is answered from this index alone, without reading
-- the version's body and facts: at 1,000,000 fields those rows are most of the file.
CREATE INDEX IF NOT EXISTS field_versions_listing ON field_versions (id, listing_digest);

CREATE TABLE IF NOT EXISTS scans (
  id INTEGER PRIMARY KEY,
  instance_id INTEGER NOT NULL REFERENCES instances (id),
  trigger TEXT NOT NULL,
  state TEXT NOT NULL,
  phase TEXT NOT NULL,
  started INTEGER NOT NULL,
  finished INTEGER,
  listed INTEGER NOT NULL DEFAULT 0,
  to_read INTEGER NOT NULL DEFAULT 0,
  read INTEGER NOT NULL DEFAULT 0,
  requests INTEGER NOT NULL DEFAULT 0,
  retries INTEGER NOT NULL DEFAULT 0,
  members INTEGER NOT NULL DEFAULT 0,
  new_versions INTEGER NOT NULL DEFAULT 0,
  new_bytes INTEGER NOT NULL DEFAULT 0,
  message TEXT,
  headline TEXT,
  changes INTEGER,
  listed_at TEXT
);
CREATE INDEX IF NOT EXISTS scans_by_instance ON scans (instance_id, id);

CREATE TABLE IF NOT EXISTS scan_members (
  scan_id INTEGER NOT NULL REFERENCES scans (id) ON DELETE CASCADE,
  field_id INTEGER NOT NULL,
  version_id INTEGER NOT NULL REFERENCES field_versions (id),
  PRIMARY KEY (scan_id, field_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS scan_members_by_version ON scan_members (version_id);

CREATE TABLE IF NOT EXISTS scan_listing (
  scan_id INTEGER NOT NULL REFERENCES scans (id) ON DELETE CASCADE,
  field_id INTEGER NOT NULL,
  listing_digest TEXT NOT NULL,
  PRIMARY KEY (scan_id, field_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS current_members (
  instance_id INTEGER NOT NULL REFERENCES instances (id),
  field_id INTEGER NOT NULL,
  version_id INTEGER NOT NULL REFERENCES field_versions (id),
  PRIMARY KEY (instance_id, field_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS current_members_by_version ON current_members (version_id);

${scanFactsSql}

CREATE TABLE IF NOT EXISTS directories (
  instance_id INTEGER PRIMARY KEY REFERENCES instances (id),
  fetched INTEGER NOT NULL,
  body TEXT NOT NULL
);
`;
