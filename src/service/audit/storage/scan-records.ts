import type {
  Headline,
  RecordedHeadline,
  Scan,
  ScanPhase,
  ScanState,
  ScanTrigger,
} from '../../../contract/audit';
import type { AuditDb } from './open-audit-database';
import type { RetainedScan, RetentionPolicy } from './scan-retention';
import { scansToDelete } from './scan-retention';

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
    ...(row.headline === null ? {} : { headline: JSON.parse(row.headline) as RecordedHeadline }),
  };
}

/** The scans of one instance (`scans`): their state, progress and, once complete, headline. */
export class ScanRecords {
  private readonly statements;

  constructor(
    db: AuditDb,
    private readonly instanceId: number,
    /** Members of a running scan, counted as it reads. */
    private readonly membersOf: (scanId: number) => number,
  ) {
    this.statements = {
      insert: db.prepare<[number, string, number]>(
        "INSERT INTO scans (instance_id, trigger, state, phase, started) VALUES (?, ?, 'running', 'listing', ?)",
      ),
      get: db.prepare<[number, number], ScanRow>(
        "SELECT * FROM scans WHERE id = ? AND instance_id = ? AND state <> 'pruning'",
      ),
      running: db.prepare<[number], ScanRow>(
        "SELECT * FROM scans WHERE instance_id = ? AND state = 'running' ORDER BY id DESC LIMIT 1",
      ),
      latest: db.prepare<[number], ScanRow>(
        "SELECT * FROM scans WHERE instance_id = ? AND state <> 'pruning' ORDER BY id DESC LIMIT 1",
      ),
      latestComplete: db.prepare<[number], ScanRow>(
        "SELECT * FROM scans WHERE instance_id = ? AND state = 'complete' ORDER BY id DESC LIMIT 1",
      ),
      page: db.prepare<[number, number, number], ScanRow>(
        "SELECT * FROM scans WHERE instance_id = ? AND state <> 'pruning' ORDER BY id DESC LIMIT ? OFFSET ?",
      ),
      count: db
        .prepare<[number], number>(
          "SELECT count(*) FROM scans WHERE instance_id = ? AND state <> 'pruning'",
        )
        .pluck(),
      completeCount: db
        .prepare<[number], number>(
          "SELECT count(*) FROM scans WHERE instance_id = ? AND state = 'complete'",
        )
        .pluck(),
      trend: db.prepare<[number], ScanRow>(
        "SELECT * FROM scans WHERE instance_id = ? AND state = 'complete' AND headline IS NOT NULL ORDER BY id",
      ),
      setCounters: db.prepare<
        [number | null, number | null, number | null, number | null, number | null, number]
      >(
        `UPDATE scans SET listed = coalesce(?, listed), to_read = coalesce(?, to_read),
         read = coalesce(?, read), requests = coalesce(?, requests), retries = coalesce(?, retries)
         WHERE id = ?`,
      ),
      setMessage: db.prepare<[string | null, number]>('UPDATE scans SET message = ? WHERE id = ?'),
      addNewBytes: db.prepare<[number, number, number]>(
        'UPDATE scans SET new_bytes = new_bytes + ?, new_versions = new_versions + ? WHERE id = ?',
      ),
      startReading: db.prepare<[number, string | null, number]>(
        "UPDATE scans SET phase = 'reading', listed = ?, listed_at = ? WHERE id = ?",
      ),
      latestListedAt: db
        .prepare<[number], string | null>(
          "SELECT listed_at FROM scans WHERE instance_id = ? AND state = 'complete' ORDER BY id DESC LIMIT 1",
        )
        .pluck(),
      complete: db.prepare<[number, string, number | null, number, number]>(
        `UPDATE scans SET state = 'complete', phase = 'done', finished = ?, message = NULL,
         headline = ?, changes = ?, members = ? WHERE id = ?`,
      ),
      end: db.prepare<[string, number, string, number]>(
        "UPDATE scans SET state = ?, phase = 'done', finished = ?, message = ? WHERE id = ?",
      ),
      finished: db
        .prepare<[number], [number, RetainedScan['state'], number, number | null]>(
          "SELECT id, state, finished, changes FROM scans WHERE instance_id = ? AND state NOT IN ('running', 'pruning')",
        )
        .raw(),
      markPruning: db.prepare<[number]>("UPDATE scans SET state = 'pruning' WHERE id = ?"),
      pruning: db
        .prepare<[number], number>(
          "SELECT id FROM scans WHERE instance_id = ? AND state = 'pruning' ORDER BY id",
        )
        .pluck(),
      delete: db.prepare<[number]>('DELETE FROM scans WHERE id = ?'),
    };
  }

  create(trigger: ScanTrigger, now: number): Scan {
    const id = Number(this.statements.insert.run(this.instanceId, trigger, now).lastInsertRowid);
    return this.get(id)!;
  }

  /** One scan of this instance; undefined for an unknown id or another instance's scan. */
  get(scanId: number): Scan | undefined {
    const row = this.statements.get.get(scanId, this.instanceId);
    return row && this.scanOf(row);
  }

  /** The scan that has not finished, if any (one that a restart interrupted, too). */
  running(): Scan | undefined {
    const row = this.statements.running.get(this.instanceId);
    return row && this.scanOf(row);
  }

  /** The scan started last, however it ended. */
  latest(): Scan | undefined {
    const row = this.statements.latest.get(this.instanceId);
    return row && this.scanOf(row);
  }

  latestComplete(): Scan | undefined {
    const row = this.statements.latestComplete.get(this.instanceId);
    return row && scanOf(row);
  }

  /** Scans newest first, a page at a time, and how many there are. */
  page(offset: number, limit: number): { scans: Scan[]; totalHits: number } {
    const rows = this.statements.page.all(this.instanceId, limit, offset);
    return {
      scans: rows.map((row) => this.scanOf(row)),
      totalHits: this.statements.count.get(this.instanceId)!,
    };
  }

  completeCount(): number {
    return this.statements.completeCount.get(this.instanceId)!;
  }

  /** Complete scans with their headline, oldest first. */
  complete(): Scan[] {
    return this.statements.trend.all(this.instanceId).map((row) => scanOf(row));
  }

  setCounters(scanId: number, counters: ScanCounters): void {
    const { listed, toRead, read, requests, retries } = counters;
    this.statements.setCounters.run(
      listed ?? null,
      toRead ?? null,
      read ?? null,
      requests ?? null,
      retries ?? null,
      scanId,
    );
  }

  setMessage(scanId: number, message: string | undefined): void {
    this.statements.setMessage.run(message ?? null, scanId);
  }

  /** Versions a scan stored that no earlier read had, and their size. */
  addNewBytes(scanId: number, bytes: number, versions: number): void {
    if (versions > 0) this.statements.addNewBytes.run(bytes, versions, scanId);
  }

  /**
   * The listing is recorded: the scan reads what it has to. `listedAt`: where the
   * listing started in the source's revisions, when the source has them.
   */
  startReading(scanId: number, listed: number, listedAt?: string): void {
    this.statements.startReading.run(listed, listedAt ?? null, scanId);
  }

  /** Where the latest complete scan's listing started in the source's revisions, if known. */
  latestCompleteListedAt(): string | undefined {
    return this.statements.latestListedAt.get(this.instanceId) ?? undefined;
  }

  /** `changes`: 1 when some field differs from the complete scan before, else 0 (null for the first). */
  markComplete(
    scanId: number,
    result: { headline: Headline; changes: number | null; members: number },
    now: number,
  ): void {
    const { headline, changes, members } = result;
    this.statements.complete.run(now, JSON.stringify(headline), changes, members, scanId);
  }

  /** Ends a scan that did not complete. */
  markEnded(scanId: number, state: 'failed' | 'cancelled', message: string, now: number): void {
    this.statements.end.run(state, now, message, scanId);
  }

  /**
   * Marks the finished scans the policy lets go (scan-retention.ts): from now on no
   * answer shows them. Answers every scan so marked, those a restart interrupted too,
   * whose snapshots the caller deletes part by part before deleting each scan.
   */
  markPruning(policy: RetentionPolicy, now: number): number[] {
    const finished = this.statements.finished
      .all(this.instanceId)
      .map(([id, state, finishedAt, changes]) => ({ id, state, finished: finishedAt, changes }));
    for (const id of scansToDelete(finished, policy, now)) this.statements.markPruning.run(id);
    return this.statements.pruning.all(this.instanceId);
  }

  /** A scan whose snapshot is gone. */
  delete(scanId: number): void {
    this.statements.delete.run(scanId);
  }

  private scanOf(row: ScanRow): Scan {
    return scanOf(row, row.state === 'running' ? this.membersOf(row.id) : undefined);
  }
}
