import { setImmediate } from 'node:timers/promises';
import type { Headline } from '../../../contract/audit';
import type { AuditStore } from '../storage/audit-store';
import { inParts, someInParts } from '../storage/in-parts';
import type { RetentionPolicy } from '../storage/scan-retention';

/**
 * The scan's snapshot becomes the instance as last seen, and the scan says whether it
 * found any field changed since the complete scan before it (1 or 0): retention asks
 * no more, so the count stops at the first part that differs instead of passing over
 * every field (a second of CPU at 1,000,000 fields).
 * The instance as last seen takes the snapshot a part at a time: a restart before the
 * scan is marked complete completes it again, and a lock in between reaches both
 * (AuditService.fieldsChanged), so every part takes the same state.
 */
export async function completeScan(
  store: AuditStore,
  scanId: number,
  headline: Headline,
  now: () => number,
): Promise<void> {
  const previous = store.scans.latestComplete();
  const changes = previous
    ? Number(
        await someInParts(store, scanId, (from, to) =>
          store.members.differing(scanId, previous.id, from, to),
        ),
      )
    : null;
  await inParts(store, scanId, (from, to) =>
    store.inTransaction(() => store.current.takeScan(scanId, from, to)),
  );
  store.inTransaction(() => {
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
/** Version ids looked at a time for versions no snapshot uses any more. */
const VERSIONS_PART = 5000;

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
  if (doomed.length === 0) return 0;
  for (let from = 0, last = store.versions.maxId(); from <= last; from += VERSIONS_PART) {
    await setImmediate();
    store.versions.deleteUnused(from, from + VERSIONS_PART - 1);
  }
  return doomed.length;
}
