import { statSync } from 'node:fs';
import { CurrentMembers } from './current-members';
import { DirectoryCache } from './directory-cache';
import { FieldVersions } from './field-versions';
import type { AuditDb } from './open-audit-database';
import { ScanFactsBlocks } from './scan-facts';
import { ScanMembers } from './scan-members';
import { ScanRecords } from './scan-records';

/**
 * The audit file's tables for one instance (audit-schema.ts), each kept by its own
 * part: the versions of fields, the scans, their snapshots, the instance as last
 * seen, the directory and the last snapshot's facts. Every part is bound to the instance, so the scans of two
 * instances kept in one file never mix, and prepares its statements once.
 */
export class AuditStore {
  readonly instanceId: number;
  readonly versions: FieldVersions;
  readonly scans: ScanRecords;
  readonly members: ScanMembers;
  readonly current: CurrentMembers;
  readonly directory: DirectoryCache;
  readonly scanFacts: ScanFactsBlocks;

  constructor(
    private readonly db: AuditDb,
    /** Where the file is, for another connection to it (the audit's worker thread). */
    readonly file: string,
    readonly instanceKey: string,
    now = Date.now(),
  ) {
    this.instanceId = instanceIdOf(db, instanceKey, now);
    this.versions = new FieldVersions(db, this.instanceId);
    this.members = new ScanMembers(db, this.instanceId);
    this.scans = new ScanRecords(db, this.instanceId, (scanId) => this.members.count(scanId));
    this.current = new CurrentMembers(db, this.instanceId);
    this.directory = new DirectoryCache(db, this.instanceId);
    this.scanFacts = new ScanFactsBlocks(db, this.instanceId);
  }

  /**
   * Runs `work` in one transaction: many small writes commit once. It takes the
   * write lock at its start: the worker thread writes to the file through its own
   * connection, and a transaction that read first could not take the lock later.
   */
  inTransaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  /** Bytes the audit file and its write-ahead log take on disk. */
  diskBytes(): number {
    if (this.file === ':memory:') {
      const pages = this.db.pragma('page_count', { simple: true }) as number;
      return pages * (this.db.pragma('page_size', { simple: true }) as number);
    }
    const size = (path: string) => {
      try {
        return statSync(path).size;
      } catch {
        return 0;
      }
    };
    return size(this.file) + size(`${this.file}-wal`);
  }
}

/** The id of the instance with this key, created on first use. */
function instanceIdOf(db: AuditDb, key: string, now: number): number {
  const found = db
    .prepare<[string], number>('SELECT id FROM instances WHERE key = ?')
    .pluck()
    .get(key);
  if (found !== undefined) return found;
  return Number(
    db.prepare('INSERT INTO instances (key, created) VALUES (?, ?)').run(key, now).lastInsertRowid,
  );
}
