import { statSync } from 'node:fs';
import type { Headline, Scan, ScanPhase, ScanState, ScanTrigger } from '../../../contract/audit';
import type { AuditDb } from './open-audit-database';

/** One state of a field as stored: its canonical JSON and the facts derived from it. */
export interface VersionDraft {
  fieldId: number;
  digest: string;
  listingDigest: string;
  body: string;
  facts: string;
  factsVersion: number;
}

/** A stored version with its facts, as the findings load them. */
export interface StoredFacts {
  fieldId: number;
  versionId: number;
  facts: string;
  factsVersion: number;
}

interface ScanRow {
  id: number;
  trigger: ScanTrigger;
  state: ScanState;
  phase: ScanPhase;
  started: number;
  finished: number | null;
  listed: number;
  to_read: number;
  read: number;
  requests: number;
  retries: number;
  members: number;
  new_bytes: number;
  message: string | null;
  headline: string | null;
}

export type ScanCounters = Partial<{
  listed: number;
  toRead: number;
  read: number;
  requests: number;
  retries: number;
}>;

const counterColumns = {
  listed: 'listed',
  toRead: 'to_read',
  read: 'read',
  requests: 'requests',
  retries: 'retries',
} as const;

function scanOf(row: ScanRow, members?: number): Scan {
  return {
    id: row.id,
    trigger: row.trigger,
    state: row.state,
    phase: row.phase,
    started: row.started,
    ...(row.finished === null ? {} : { finished: row.finished }),
    progress: {
      listed: row.listed,
      toRead: row.to_read,
      read: row.read,
      requests: row.requests,
      retries: row.retries,
    },
    ...(row.message === null ? {} : { message: row.message }),
    fields: members ?? row.members,
    newBytes: row.new_bytes,
    ...(row.headline === null ? {} : { headline: JSON.parse(row.headline) as Headline }),
  };
}

/**
 * The audit's tables (audit-schema.ts), one method per thing the scanner, the
 * findings and the diffs need. Everything is scoped to one instance by its id, so
 * scans of two instances kept in one file never mix.
 */
export class AuditStore {
  private readonly statements;

  constructor(
    private readonly db: AuditDb,
    private readonly file: string,
  ) {
    this.statements = {
      instanceByKey: db.prepare<[string], { id: number }>('SELECT id FROM instances WHERE key = ?'),
      insertInstance: db.prepare<[string, number]>(
        'INSERT INTO instances (key, created) VALUES (?, ?)',
      ),
      versionId: db
        .prepare<[number, number, string], number>(
          'SELECT id FROM field_versions WHERE instance_id = ? AND field_id = ? AND digest = ?',
        )
        .pluck(),
      insertVersion: db.prepare<[number, number, string, string, string, string, number]>(
        `INSERT INTO field_versions (instance_id, field_id, digest, listing_digest, body, facts, facts_version)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateFacts: db.prepare<[string, number, number]>(
        'UPDATE field_versions SET facts = ?, facts_version = ? WHERE id = ?',
      ),
      insertScan: db.prepare<[number, string, string, string, number]>(
        'INSERT INTO scans (instance_id, trigger, state, phase, started) VALUES (?, ?, ?, ?, ?)',
      ),
      scan: db.prepare<[number], ScanRow>('SELECT * FROM scans WHERE id = ?'),
      runningScan: db.prepare<[number], ScanRow>(
        "SELECT * FROM scans WHERE instance_id = ? AND state = 'running' ORDER BY id DESC LIMIT 1",
      ),
      scans: db.prepare<[number], ScanRow>(
        'SELECT * FROM scans WHERE instance_id = ? ORDER BY id DESC',
      ),
      latestComplete: db.prepare<[number], ScanRow>(
        "SELECT * FROM scans WHERE instance_id = ? AND state = 'complete' ORDER BY id DESC LIMIT 1",
      ),
      memberCount: db
        .prepare<[number], number>('SELECT count(*) FROM scan_members WHERE scan_id = ?')
        .pluck(),
      insertListing: db.prepare<[number, number, string]>(
        'INSERT OR REPLACE INTO scan_listing (scan_id, field_id, listing_digest) VALUES (?, ?, ?)',
      ),
      upsertMember: db.prepare<[number, number, number]>(
        'INSERT OR REPLACE INTO scan_members (scan_id, field_id, version_id) VALUES (?, ?, ?)',
      ),
      memberExists: db
        .prepare<[number, number], number>(
          'SELECT count(*) FROM scan_members WHERE scan_id = ? AND field_id = ?',
        )
        .pluck(),
      deleteMember: db.prepare<[number, number]>(
        'DELETE FROM scan_members WHERE scan_id = ? AND field_id = ?',
      ),
      upsertCurrent: db.prepare<[number, number, number]>(
        'INSERT OR REPLACE INTO current_members (instance_id, field_id, version_id) VALUES (?, ?, ?)',
      ),
      deleteCurrent: db.prepare<[number, number]>(
        'DELETE FROM current_members WHERE instance_id = ? AND field_id = ?',
      ),
    };
  }

  /** The id of the instance with this key, created on first use. */
  instanceId(key: string, now = Date.now()): number {
    const found = this.statements.instanceByKey.get(key);
    if (found) return found.id;
    return Number(this.statements.insertInstance.run(key, now).lastInsertRowid);
  }

  // --- versions ---------------------------------------------------------------

  /** The id of this exact state of the field, when it was stored before. */
  findVersion(instanceId: number, fieldId: number, digest: string): number | undefined {
    return this.statements.versionId.get(instanceId, fieldId, digest);
  }

  insertVersion(instanceId: number, draft: VersionDraft): number {
    const result = this.statements.insertVersion.run(
      instanceId,
      draft.fieldId,
      draft.digest,
      draft.listingDigest,
      draft.body,
      draft.facts,
      draft.factsVersion,
    );
    return Number(result.lastInsertRowid);
  }

  /** Field bodies by version id, for the versions given. */
  bodies(versionIds: readonly number[]): Map<number, string> {
    const rows = this.db
      .prepare<[string], [number, string]>(
        'SELECT id, body FROM field_versions WHERE id IN (SELECT value FROM json_each(?))',
      )
      .raw()
      .all(JSON.stringify(versionIds));
    return new Map(rows);
  }

  /** Stored facts by version id, for the versions given. */
  factsOfVersions(versionIds: readonly number[]): StoredFacts[] {
    return this.db
      .prepare<[string], [number, number, string, number]>(
        'SELECT field_id, id, facts, facts_version FROM field_versions WHERE id IN (SELECT value FROM json_each(?))',
      )
      .raw()
      .all(JSON.stringify(versionIds))
      .map(([fieldId, versionId, facts, factsVersion]) => ({
        fieldId,
        versionId,
        facts,
        factsVersion,
      }));
  }

  replaceFacts(versionId: number, facts: string, factsVersion: number): void {
    this.statements.updateFacts.run(facts, factsVersion, versionId);
  }

  // --- the instance as last seen ---------------------------------------------

  /** Field id -> the listing digest of its current version. */
  currentListingDigests(instanceId: number): Map<number, string> {
    const rows = this.db
      .prepare<[number], [number, string]>(
        `SELECT c.field_id, v.listing_digest FROM current_members c
         JOIN field_versions v ON v.id = c.version_id WHERE c.instance_id = ?`,
      )
      .raw()
      .all(instanceId);
    return new Map(rows);
  }

  /** The facts of every field as last seen, read one row at a time. */
  currentFacts(instanceId: number): IterableIterator<StoredFacts> {
    return this.factsOf(
      'SELECT c.field_id, c.version_id, v.facts, v.facts_version FROM current_members c JOIN field_versions v ON v.id = c.version_id WHERE c.instance_id = ? ORDER BY c.field_id',
      instanceId,
    );
  }

  /** The facts of every field in a scan's snapshot, read one row at a time. */
  scanFacts(scanId: number): IterableIterator<StoredFacts> {
    return this.factsOf(
      'SELECT m.field_id, m.version_id, v.facts, v.facts_version FROM scan_members m JOIN field_versions v ON v.id = m.version_id WHERE m.scan_id = ? ORDER BY m.field_id',
      scanId,
    );
  }

  /** Field id -> version id of a scan's snapshot. */
  scanVersions(scanId: number): Map<number, number> {
    const rows = this.db
      .prepare<[number], [number, number]>(
        'SELECT field_id, version_id FROM scan_members WHERE scan_id = ? ORDER BY field_id',
      )
      .raw()
      .all(scanId);
    return new Map(rows);
  }

  /** Field id -> version id as last seen. */
  currentVersions(instanceId: number): Map<number, number> {
    const rows = this.db
      .prepare<[number], [number, number]>(
        'SELECT field_id, version_id FROM current_members WHERE instance_id = ? ORDER BY field_id',
      )
      .raw()
      .all(instanceId);
    return new Map(rows);
  }

  /** Field id -> the body of its current version, for the fields given. */
  currentBodies(instanceId: number, fieldIds: readonly number[]): Map<number, string> {
    const rows = this.db
      .prepare<[number, string], [number, string]>(
        `SELECT c.field_id, v.body FROM current_members c JOIN field_versions v ON v.id = c.version_id
         WHERE c.instance_id = ? AND c.field_id IN (SELECT value FROM json_each(?))`,
      )
      .raw()
      .all(instanceId, JSON.stringify(fieldIds));
    return new Map(rows);
  }

  /** Field id -> the expression of its current version, for the fields given. */
  currentExpressions(instanceId: number, fieldIds: readonly number[]): Map<number, string> {
    return this.expressionsOf(
      `SELECT c.field_id, json_extract(v.body, '$.expression') FROM current_members c
       JOIN field_versions v ON v.id = c.version_id
       WHERE c.instance_id = ? AND c.field_id IN (SELECT value FROM json_each(?))`,
      instanceId,
      fieldIds,
    );
  }

  /** Field id -> the expression of its version in a scan's snapshot, for the fields given. */
  scanExpressions(scanId: number, fieldIds: readonly number[]): Map<number, string> {
    return this.expressionsOf(
      `SELECT m.field_id, json_extract(v.body, '$.expression') FROM scan_members m
       JOIN field_versions v ON v.id = m.version_id
       WHERE m.scan_id = ? AND m.field_id IN (SELECT value FROM json_each(?))`,
      scanId,
      fieldIds,
    );
  }

  /** How many fields differ between the latest complete scan and the instance as last seen. */
  changesSince(instanceId: number, scanId: number): number {
    return this.db
      .prepare<[number, number, number, number], number>(
        `SELECT
           (SELECT count(*) FROM current_members c LEFT JOIN scan_members m
              ON m.scan_id = ? AND m.field_id = c.field_id
            WHERE c.instance_id = ? AND (m.version_id IS NULL OR m.version_id <> c.version_id))
         + (SELECT count(*) FROM scan_members m WHERE m.scan_id = ? AND NOT EXISTS
              (SELECT 1 FROM current_members c WHERE c.instance_id = ? AND c.field_id = m.field_id))`,
      )
      .pluck()
      .get(scanId, instanceId, scanId, instanceId)!;
  }

  /** A field as last seen changed through this server (a lock), or no longer exists. */
  setCurrent(instanceId: number, fieldId: number, versionId: number | undefined): void {
    if (versionId === undefined) this.statements.deleteCurrent.run(instanceId, fieldId);
    else this.statements.upsertCurrent.run(instanceId, fieldId, versionId);
  }

  // --- scans ------------------------------------------------------------------

  createScan(instanceId: number, trigger: ScanTrigger, now: number): Scan {
    const id = Number(
      this.statements.insertScan.run(instanceId, trigger, 'running', 'listing', now)
        .lastInsertRowid,
    );
    return this.scan(id)!;
  }

  scan(scanId: number): Scan | undefined {
    const row = this.statements.scan.get(scanId);
    if (!row) return undefined;
    return scanOf(
      row,
      row.state === 'running' ? this.statements.memberCount.get(scanId) : undefined,
    );
  }

  /** One scan of this instance; undefined for an unknown id or another instance's scan. */
  instanceScan(instanceId: number, scanId: number): Scan | undefined {
    const owner = this.db
      .prepare<[number], number>('SELECT instance_id FROM scans WHERE id = ?')
      .pluck()
      .get(scanId);
    return owner === instanceId ? this.scan(scanId) : undefined;
  }

  /** The instance's scan that has not finished, if any (one that a restart interrupted, too). */
  runningScan(instanceId: number): Scan | undefined {
    const row = this.statements.runningScan.get(instanceId);
    return row && this.scan(row.id);
  }

  latestCompleteScan(instanceId: number): Scan | undefined {
    const row = this.statements.latestComplete.get(instanceId);
    return row && scanOf(row);
  }

  /** Every scan of the instance, newest first. */
  scans(instanceId: number): Scan[] {
    return this.statements.scans.all(instanceId).map((row) => scanOf(row));
  }

  setCounters(scanId: number, counters: ScanCounters): void {
    const entries = Object.entries(counters).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    const assignments = entries
      .map(([key]) => `${counterColumns[key as keyof ScanCounters]} = ?`)
      .join(', ');
    this.db
      .prepare(`UPDATE scans SET ${assignments} WHERE id = ?`)
      .run(...entries.map(([, value]) => value), scanId);
  }

  setMessage(scanId: number, message: string | undefined): void {
    this.db.prepare('UPDATE scans SET message = ? WHERE id = ?').run(message ?? null, scanId);
  }

  /** Versions a scan stored that no earlier read had, and their size. */
  addNewBytes(scanId: number, bytes: number, versions: number): void {
    if (versions === 0) return;
    this.db
      .prepare(
        'UPDATE scans SET new_bytes = new_bytes + ?, new_versions = new_versions + ? WHERE id = ?',
      )
      .run(bytes, versions, scanId);
  }

  /**
   * What the listing found, in one transaction with the members it can keep: a
   * field whose listing digest equals its current version's is not read again.
   * Answers the ids left to read.
   */
  recordListing(
    scanId: number,
    instanceId: number,
    listed: ReadonlyArray<{ id: number; listingDigest: string }>,
  ): number[] {
    const record = this.db.transaction(() => {
      this.db.prepare('DELETE FROM scan_listing WHERE scan_id = ?').run(scanId);
      this.db.prepare('DELETE FROM scan_members WHERE scan_id = ?').run(scanId);
      for (const entry of listed) {
        this.statements.insertListing.run(scanId, entry.id, entry.listingDigest);
      }
      this.db
        .prepare(
          `INSERT INTO scan_members (scan_id, field_id, version_id)
           SELECT l.scan_id, l.field_id, c.version_id FROM scan_listing l
           JOIN current_members c ON c.instance_id = ? AND c.field_id = l.field_id
           JOIN field_versions v ON v.id = c.version_id AND v.listing_digest = l.listing_digest
           WHERE l.scan_id = ?`,
        )
        .run(instanceId, scanId);
      this.db
        .prepare("UPDATE scans SET phase = 'reading', listed = ? WHERE id = ?")
        .run(listed.length, scanId);
      return this.unread(scanId);
    });
    return record();
  }

  /** Listed fields the scan has not read yet, in id order. */
  unread(scanId: number): number[] {
    return this.db
      .prepare<[number], number>(
        `SELECT field_id FROM scan_listing l WHERE scan_id = ?
         AND NOT EXISTS (SELECT 1 FROM scan_members m WHERE m.scan_id = l.scan_id AND m.field_id = l.field_id)
         ORDER BY field_id`,
      )
      .pluck()
      .all(scanId);
  }

  /** Runs `work` in one transaction: many small writes commit once. */
  inTransaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** Fields read by a scan, written together so a crash loses at most one batch. */
  addMembers(
    scanId: number,
    members: ReadonlyArray<{ fieldId: number; versionId: number | undefined }>,
  ): void {
    const write = this.db.transaction(() => {
      for (const { fieldId, versionId } of members) {
        // A listed field that is gone when read (deleted meanwhile) leaves the listing.
        if (versionId === undefined) {
          this.db
            .prepare('DELETE FROM scan_listing WHERE scan_id = ? AND field_id = ?')
            .run(scanId, fieldId);
        } else this.statements.upsertMember.run(scanId, fieldId, versionId);
      }
    });
    write();
  }

  /** A write through this server while a scan runs: the scan keeps the newer state too. */
  replaceMemberIfPresent(scanId: number, fieldId: number, versionId: number | undefined): void {
    if (this.statements.memberExists.get(scanId, fieldId) === 0) return;
    if (versionId === undefined) this.statements.deleteMember.run(scanId, fieldId);
    else this.statements.upsertMember.run(scanId, fieldId, versionId);
  }

  /** The scan's snapshot becomes the instance as last seen; its listing is no longer needed. */
  completeScan(scanId: number, instanceId: number, headline: Headline, now: number): void {
    const complete = this.db.transaction(() => {
      this.db.prepare('DELETE FROM current_members WHERE instance_id = ?').run(instanceId);
      this.db
        .prepare(
          'INSERT INTO current_members (instance_id, field_id, version_id) SELECT ?, field_id, version_id FROM scan_members WHERE scan_id = ?',
        )
        .run(instanceId, scanId);
      this.db.prepare('DELETE FROM scan_listing WHERE scan_id = ?').run(scanId);
      this.db
        .prepare(
          `UPDATE scans SET state = 'complete', phase = 'done', finished = ?, message = NULL,
           headline = ?, members = (SELECT count(*) FROM scan_members WHERE scan_id = ?) WHERE id = ?`,
        )
        .run(now, JSON.stringify(headline), scanId, scanId);
    });
    complete();
  }

  /** Ends a scan that did not complete; its partial snapshot is dropped. */
  endScan(scanId: number, state: 'failed' | 'cancelled', message: string, now: number): void {
    const end = this.db.transaction(() => {
      this.db.prepare('DELETE FROM scan_listing WHERE scan_id = ?').run(scanId);
      this.db.prepare('DELETE FROM scan_members WHERE scan_id = ?').run(scanId);
      this.db
        .prepare(
          "UPDATE scans SET state = ?, phase = 'done', finished = ?, message = ? WHERE id = ?",
        )
        .run(state, now, message, scanId);
    });
    end();
  }

  /**
   * Keeps the newest `keep` complete scans (and any running one); older scans and
   * the field versions no kept snapshot uses are deleted. Answers how many scans went.
   */
  prune(instanceId: number, keep: number): number {
    const prune = this.db.transaction(() => {
      const kept = this.db
        .prepare<[number, number], number>(
          "SELECT id FROM scans WHERE instance_id = ? AND state = 'complete' ORDER BY id DESC LIMIT ?",
        )
        .pluck()
        .all(instanceId, keep);
      const oldestKept = kept.at(-1);
      if (kept.length < keep || oldestKept === undefined) return 0;
      const removed = this.db
        .prepare("DELETE FROM scans WHERE instance_id = ? AND id < ? AND state <> 'running'")
        .run(instanceId, oldestKept).changes;
      if (removed > 0) {
        this.db
          .prepare(
            `DELETE FROM field_versions WHERE instance_id = ?
             AND NOT EXISTS (SELECT 1 FROM scan_members WHERE version_id = field_versions.id)
             AND NOT EXISTS (SELECT 1 FROM current_members WHERE version_id = field_versions.id)`,
          )
          .run(instanceId);
      }
      return removed;
    });
    return prune();
  }

  /** The directory as JSON, kept so names survive a restart; undefined when none was ever read. */
  directory(instanceId: number): string | undefined {
    return (
      this.db
        .prepare<[number], string>('SELECT body FROM directories WHERE instance_id = ?')
        .pluck()
        .get(instanceId) ?? undefined
    );
  }

  saveDirectory(instanceId: number, body: string, now: number): void {
    this.db
      .prepare('INSERT OR REPLACE INTO directories (instance_id, fetched, body) VALUES (?, ?, ?)')
      .run(instanceId, now, body);
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

  /**
   * Rows one at a time rather than all at once: at 100,000 fields the facts' JSON
   * alone is about 80 MB, which need never be in memory together.
   */
  private *factsOf(sql: string, id: number): IterableIterator<StoredFacts> {
    const rows = this.db.prepare<[number], [number, number, string, number]>(sql).raw().iterate(id);
    for (const [fieldId, versionId, facts, factsVersion] of rows) {
      yield { fieldId, versionId, facts, factsVersion };
    }
  }

  private expressionsOf(sql: string, id: number, fieldIds: readonly number[]) {
    const rows = this.db
      .prepare<[number, string], [number, string]>(sql)
      .raw()
      .all(id, JSON.stringify(fieldIds));
    return new Map(rows);
  }
}
