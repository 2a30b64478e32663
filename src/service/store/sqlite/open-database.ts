import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ensureFieldRevisions } from './field-revisions';
import { ensureIndexChangeTriggers, indexChangesSql } from './index-changes';
import { addNameColumns, migrateSchema } from './migrate-schema';
import { SCHEMA_VERSION, schemaSql } from './schema';
import type { Db } from './db';

export type { Db } from './db';

/**
 * Opens (creating when missing) the store file in WAL mode with the current schema
 * in place, migrating a store written by an earlier version.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Immediate, so two processes opening an old store migrate it once, one after the other.
  const prepare = db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) return version;
    db.exec(schemaSql);
    if (version > 0 && version < SCHEMA_VERSION) migrateSchema(db, version);
    if (version > 0) addNameColumns(db);
    db.exec(indexChangesSql);
    ensureIndexChangeTriggers(db);
    ensureFieldRevisions(db);
    if (version !== SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
    return version;
  });
  const version = prepare.immediate();
  if (version > SCHEMA_VERSION) {
    db.close();
    throw new Error(
      `${file} was written by a newer version of this service (schema ${version}); upgrade the service`,
    );
  }
  return db;
}
