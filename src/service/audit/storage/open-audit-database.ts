import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { AUDIT_SCHEMA_VERSION, auditMigrations, auditSchemaSql } from './audit-schema';

export type AuditDb = Database.Database;

/** Another server has the file open: only one may scan into it. */
export class AuditFileInUse extends Error {}

/**
 * Opens (creating when missing) the audit file in WAL mode with its schema in
 * place, and keeps it for this process alone: two servers scanning into one file
 * would both take up the same interrupted scan.
 */
export function openAuditDatabase(file: string): AuditDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('locking_mode = EXCLUSIVE');
  try {
    // Takes the lock now rather than at the first scan, so a second server fails at start.
    db.pragma('busy_timeout = 0');
    db.exec('BEGIN IMMEDIATE; COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new AuditFileInUse(
        `the audit file ${file} is in use by another server; give this one its own with --audit-data`,
      );
    }
    throw error;
  }
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
  // A new file (version 0) gets the whole schema below; an older one first takes each step.
  if (version > 0) {
    for (let from = version; from < AUDIT_SCHEMA_VERSION; from++) db.exec(auditMigrations[from]!);
  }
  db.exec(auditSchemaSql);
  db.pragma(`user_version = ${AUDIT_SCHEMA_VERSION}`);
  return db;
}
