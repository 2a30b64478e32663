import type { Headline } from '../../../contract/audit';
import type { SeenByScan } from '../directory/directory-of-scan';
import { seenInFacts } from '../directory/directory-of-scan';
import type { Findings } from '../findings/compute-findings';
import { computeFindings } from '../findings/compute-findings';
import { directoryFromJson } from '../findings/instance-directory';
import { loadSnapshotFacts } from '../findings/snapshot-facts';
import type { AuditStore } from '../storage/audit-store';
import { someInParts } from '../storage/in-parts';
import type { RetentionPolicy } from '../storage/scan-retention';
import type { FieldSource } from './field-source';
import { completeScan, endScan, pruneScans } from './finish-scan';
import type { ScanPhaseTimes } from './phase-clock';
import { PhaseClock } from './phase-clock';
import { runScan } from './run-scan';

/** What a scan found when it completed: its findings, or the instance exactly as last seen. */
export type ScanFound = Findings | 'as-last-seen';

/** What a scan asks of the thread that holds the instance as last seen. */
export interface ScanHooks {
  /** The stored progress moved. */
  onProgress(): void;
  /**
   * Reads the names and columns of the instance again, for what the scan's fields
   * point at, and keeps them in the audit file; true when they changed.
   */
  refreshDirectory(seen: SeenByScan): Promise<boolean>;
  /** The headline of the instance as last seen, when its findings are made; else undefined. */
  headlineAsLastSeen(): Promise<Headline | undefined>;
  /** The scan is complete and is the instance as last seen from now on. */
  completed(found: ScanFound): Promise<void>;
}

export interface ScanJob {
  store: AuditStore;
  scanId: number;
  source: FieldSource;
  /** Aborted when a user cancels the scan. */
  signal: AbortSignal;
  retention: RetentionPolicy;
  hooks: ScanHooks;
}

/** Words for a failure, safe to show: never the token, never a stack. */
function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 500 ? `${message.slice(0, 497)}...` : message;
}

/**
 * One scan from where it stands to its end (docs/audit.md, "Scans"): reads the
 * instance, makes its findings and completes it, or ends it as cancelled or failed;
 * then lets go the scans retention does not keep. Answers how long each phase took.
 * The audit's worker thread runs it (worker/audit-worker.ts). A server that stops
 * ends the thread instead: the scan is left as it stands and resumes at the next start.
 */
export async function scanToEnd(job: ScanJob): Promise<ScanPhaseTimes> {
  const { store, scanId, source, signal, hooks } = job;
  const clock = new PhaseClock();
  try {
    await runScan({ store, scanId, source, signal, onProgress: hooks.onProgress, clock });
    const { headline, found } = await summarize(store, scanId, hooks, clock);
    signal.throwIfAborted();
    await clock.time('completing', () => completeScan(store, scanId, headline, Date.now));
    await clock.time('handing over the findings', () => hooks.completed(found));
  } catch (error) {
    if (signal.aborted)
      endScan(store, scanId, 'cancelled', 'cancelled before it completed', Date.now());
    else endScan(store, scanId, 'failed', failureMessage(error), Date.now());
  }
  await clock.time('pruning', () => pruneScans(store, job.retention, Date.now()));
  return clock.times;
}

/**
 * The headline of a scan about to complete. A scan that found the instance exactly
 * as last seen, names included, takes the findings already made: computing them again
 * took seconds at 100,000 fields after every scan that changed nothing.
 */
async function summarize(
  store: AuditStore,
  scanId: number,
  hooks: ScanHooks,
  clock: PhaseClock,
): Promise<{ headline: Headline; found: ScanFound }> {
  const differing = (from: number, to: number) => store.current.changesSince(scanId, from, to);
  // Whether anything changed, not how much: a scan that changed 1% stops at the first part.
  const changed = await clock.time('looking for changes', () =>
    someInParts(store, scanId, differing),
  );
  const facts = await clock.time('loading facts', () => loadSnapshotFacts(store, scanId));
  // From the facts just loaded: the same from the fields' bodies read the whole file again.
  const namesChanged = await clock.time('refreshing the directory', () =>
    hooks.refreshDirectory(seenInFacts(facts.ownersAndLinks())),
  );
  if (!namesChanged && !changed) {
    // Asked after looking: a lock while looking reached the scan too.
    const headline = await hooks.headlineAsLastSeen();
    if (headline) return { headline, found: 'as-last-seen' };
  }
  const kept = store.directory.read();
  const findings = await clock.time('findings', () =>
    computeFindings(
      facts,
      (ids) => store.members.expressions(scanId, ids),
      kept === undefined ? undefined : directoryFromJson(kept),
    ),
  );
  return { headline: findings.headline, found: findings };
}
