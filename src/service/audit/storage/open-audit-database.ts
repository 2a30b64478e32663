import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { AUDIT_SCHEMA_VERSION, auditSchemaSql } from './audit-schema';

export type AuditDb = Database.Database;

/** Opens (creating when missing) the audit file in WAL mode with its schema in place. */
export function openAuditDatabase(file: string): AuditDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A commit survives a crash of the process; only a power loss can take the last ones.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > AUDIT_SCHEMA_VERSION) {
    db.close();
    throw new Error(
      `${file} was written by a newer version of this service (audit schema ${version}); upgrade the service`,
    );
  }
  db.exec(auditSchemaSql);
  db.pragma(`user_version = ${AUDIT_SCHEMA_VERSION}`);
  return db;
}
