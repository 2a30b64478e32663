/** A finished scan as retention weighs it. */
export interface RetainedScan {
  id: number;
  state: 'complete' | 'failed' | 'cancelled';
  finished: number;
  /** Whether fields differ from the complete scan before it (a count, or 1); null for the first, or when not known. */
  changes: number | null;
}

export interface RetentionPolicy {
  /** Complete scans that changed something, newest first, kept whatever their age. */
  keep: number;
  /** Complete scans that finished within this long are kept whatever their number. */
  keepMs: number;
  /** Failed and cancelled scans kept, newest first. */
  keepEnded: number;
}

export const DEFAULT_KEEP_MS = 30 * 24 * 3600 * 1000;
export const DEFAULT_KEEP_ENDED = 10;

/**
 * The ids of the finished scans to delete (docs/audit.md, "Schedule and retention"),
 * so that no run of scans can erase the history:
 *
 * - a complete scan that found nothing changed counts for nothing: it goes once a
 *   newer scan completed, unless a diff needs it (below);
 * - of the scans that changed something, the newest `keep` are kept, and any that
 *   finished within `keepMs`, however many;
 * - the first scan and the newest are kept, and so is the scan before each kept one
 *   that changed something: the other side of the diff that shows that change;
 * - the newest `keepEnded` failed or cancelled scans are kept.
 */
export function scansToDelete(
  scans: readonly RetainedScan[],
  policy: RetentionPolicy,
  now: number,
): number[] {
  const newestFirst = [...scans].sort((a, b) => b.id - a.id);
  const complete = newestFirst.filter((scan) => scan.state === 'complete');
  const changedSomething = (scan: RetainedScan) => scan.changes !== 0;
  const changed = complete.filter(changedSomething);
  const recent = changed.filter((scan) => now - scan.finished < policy.keepMs);
  const counted = new Set([...changed.slice(0, policy.keep), ...recent].map((scan) => scan.id));
  const kept = new Set(counted);
  complete.forEach((scan, index) => {
    const before = complete[index + 1];
    if (before && counted.has(scan.id)) kept.add(before.id);
  });
  if (complete.length > 0) {
    kept.add(complete[0]!.id);
    kept.add(complete.at(-1)!.id);
  }
  const ended = newestFirst.filter((scan) => scan.state !== 'complete');
  for (const scan of ended.slice(0, policy.keepEnded)) kept.add(scan.id);
  return newestFirst.filter((scan) => !kept.has(scan.id)).map((scan) => scan.id);
}
