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
 * would both take up the same interrupted scan. The file itself is shared normally,
 * so the audit's worker thread (worker/audit-worker.ts) opens it too; the claim is
 * a lock held on `<file>-lock`, which the system lets go when the process ends,
 * however it ends.
 */
export function openAuditDatabase(file: string): AuditDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const claim = file === ':memory:' ? undefined : claimAuditFile(file);
  const db = openAuditConnection(file);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > AUDIT_SCHEMA_VERSION) {
    db.close();
    claim?.close();
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
  if (claim) {
    // Closing the file gives the claim up, so the same process may open it again.
    const close = db.close.bind(db);
    db.close = () => {
      close();
      claim.close();
      return db;
    };
  }
  return db;
}

/**
 * A connection to an audit file that `openAuditDatabase` has opened (its schema in
 * place): the worker thread's own.
 */
export function openAuditConnection(file: string): AuditDb {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A commit survives a crash of the process; only a power loss can take the last ones.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The other thread's writes are short batches: a write waits for one to end.
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * The connection of the thread that runs scans, with a 64 MB page cache: a scan passes
 * over every member several times (recording the listing, looking for changes,
 * completing), and at 1,000,000 fields those tables and the index of listing digests
 * are tens of MB, which the default 2 MB cache reads again from the file on each pass
 * (recording the listing took 25 s with it, 167 s without, at a load that made the
 * rest about twice as slow). The thread ends when idle, and its cache with it.
 */
export function openScanConnection(file: string): AuditDb {
  const db = openAuditConnection(file);
  db.pragma('cache_size = -65536');
  return db;
}

/** Holds `<file>-lock` for this process alone; throws AuditFileInUse when another holds it. */
function claimAuditFile(file: string): Database.Database {
  const lock = new Database(`${file}-lock`);
  lock.pragma('locking_mode = EXCLUSIVE');
  try {
    // Takes the lock now, so a second server fails at start.
    lock.pragma('busy_timeout = 0');
    lock.exec('BEGIN IMMEDIATE; COMMIT');
    return lock;
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new AuditFileInUse(
        `the audit file ${file} is in use by another server; give this one its own with --audit-data`,
      );
    }
    throw error;
  }
}
