import { LRUCache } from 'lru-cache';
import type { ChangeKind, DiffAnswer } from '../../../contract/audit';
import type { AuditStore } from '../storage/audit-store';
import type { Authored } from './change-authors';
import { diffCsv, diffJson } from './diff-export';
import { changesOfKind, withStates } from './diff-pages';
import type { ScanDiff } from './diff-scans';

/** Diffs kept, least used first out. */
const CACHED_DIFFS = 4;

/** The diffs of an instance's complete scans, the last few kept. */
export class ScanDiffs {
  /** Identical diffs asked for together share one computation. */
  private readonly diffs = new LRUCache<string, Promise<ScanDiff>>({ max: CACHED_DIFFS });

  constructor(
    private readonly store: AuditStore,
    /** Works a diff out (diff-scans.ts) on the audit's worker thread. */
    private readonly compute: (from: number, to: number) => Promise<ScanDiff>,
  ) {}

  /** What changed from one complete scan to another. */
  async diff(from: number, to: number): Promise<ScanDiff> {
    const key = `${from} ${to}`;
    let diff = this.diffs.get(key);
    if (!diff) {
      diff = this.compute(from, to);
      diff.catch(() => this.diffs.delete(key));
      this.diffs.set(key, diff);
    }
    return diff;
  }

  /** A page of a diff's changes of one kind (or all), each with both states and who made it. */
  async changes(
    from: number,
    to: number,
    page: { kind?: ChangeKind; offset: number; limit: number },
    authored: Authored,
  ) {
    const matching = changesOfKind(await this.diff(from, to), page.kind);
    const shown = matching.slice(page.offset, page.offset + page.limit);
    const changes = authored(withStates(this.store, shown));
    return { totalHits: matching.length, changes };
  }

  /** Every change of a diff as a file, streamed. */
  async export(
    answer: DiffAnswer,
    format: 'csv' | 'json',
    authored: Authored,
  ): Promise<AsyncGenerator<string>> {
    const diff = await this.diff(answer.from.id, answer.to.id);
    return format === 'csv'
      ? diffCsv(this.store, diff, authored)
      : diffJson(this.store, diff, answer, authored);
  }
}
