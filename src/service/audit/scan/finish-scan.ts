import type { Headline } from '../../../contract/audit';
import type { AuditStore } from '../storage/audit-store';
import type { RetentionPolicy } from '../storage/scan-retention';

/**
 * The scan's snapshot becomes the instance as last seen, and the scan says how
 * many fields it found changed since the complete scan before it (retention weighs that).
 */
export function completeScan(store: AuditStore, scanId: number, headline: Headline, now: number) {
  store.inTransaction(() => {
    const previous = store.scans.latestComplete();
    const changes = previous ? store.members.differing(scanId, previous.id) : null;
    store.current.replaceWithScan(scanId);
    const members = store.members.count(scanId);
    store.scans.markComplete(scanId, { headline, changes, members }, now);
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

/** Deletes the scans retention lets go, and the field versions only they used. */
export function pruneScans(store: AuditStore, policy: RetentionPolicy, now: number): number {
  return store.inTransaction(() => {
    const removed = store.scans.prune(policy, now);
    if (removed > 0) store.versions.deleteUnused();
    return removed;
  });
}
