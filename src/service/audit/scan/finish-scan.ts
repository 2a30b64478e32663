import { setImmediate } from 'node:timers/promises';
import type { Headline } from '../../../contract/audit';
import type { AuditStore } from '../storage/audit-store';
import { countInParts } from '../storage/count-in-parts';
import type { RetentionPolicy } from '../storage/scan-retention';

/**
 * The scan's snapshot becomes the instance as last seen, and the scan says how
 * many fields it found changed since the complete scan before it (retention weighs that).
 */
export async function completeScan(
  store: AuditStore,
  scanId: number,
  headline: Headline,
  now: () => number,
): Promise<void> {
  const previous = store.scans.latestComplete();
  const changes = previous
    ? await countInParts(store, scanId, (from, to) =>
        store.members.differing(scanId, previous.id, from, to),
      )
    : null;
  store.inTransaction(() => {
    store.current.replaceWithScan(scanId);
    const members = store.members.count(scanId);
    store.scans.markComplete(scanId, { headline, changes, members }, now());
  });
}

/** Ends a scan that did not complete; its partial snapshot is dropped. */
export function endScan(
  store: AuditStore,
  scanId: number,
  state: 'failed' | 'cancelled',
  message: string,
  now: number,
): void {
  store.inTransaction(() => {
    store.members.drop(scanId);
    store.scans.markEnded(scanId, state, message, now);
  });
}

/** Members of a pruned scan deleted at a time, other requests answered in between. */
const PRUNE_BATCH = 1000;

/**
 * Deletes the scans retention lets go, and the field versions only they used. A
 * snapshot goes part by part: deleting 100,000 members at once held the server for
 * about a second after every scan. Answers how many scans went.
 */
export async function pruneScans(
  store: AuditStore,
  policy: RetentionPolicy,
  now: number,
): Promise<number> {
  const doomed = store.inTransaction(() => store.scans.markPruning(policy, now));
  for (const scanId of doomed) {
    while (store.members.dropPart(scanId, PRUNE_BATCH) > 0) await setImmediate();
    store.scans.delete(scanId);
  }
  if (doomed.length > 0) store.versions.deleteUnused();
  return doomed.length;
}
