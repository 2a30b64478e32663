import { LRUCache } from 'lru-cache';
import type { ChangeKind, DiffAnswer } from '../../../contract/audit';
import type { AuditStore } from '../storage/audit-store';
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

  /** A page of a diff's changes of one kind (or all), each with both states. */
  async changes(
    from: number,
    to: number,
    page: { kind?: ChangeKind; offset: number; limit: number },
  ) {
    const matching = changesOfKind(await this.diff(from, to), page.kind);
    const changes = withStates(this.store, matching.slice(page.offset, page.offset + page.limit));
    return { totalHits: matching.length, changes };
  }

  /** Every change of a diff as a file, streamed. */
  async export(answer: DiffAnswer, format: 'csv' | 'json'): Promise<AsyncGenerator<string>> {
    const diff = await this.diff(answer.from.id, answer.to.id);
    return format === 'csv' ? diffCsv(this.store, diff) : diffJson(this.store, diff, answer);
  }
}
