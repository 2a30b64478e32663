import { setImmediate } from 'node:timers/promises';
import type { AuditStore } from './audit-store';

/** Members of a scan taken at a time, other requests answered in between. */
const PART = 5000;

/**
 * Runs `inRange` over ranges of field ids that hold `part` members of the scan each
 * (the first from 0, the last open-ended), and sums what each answers (a count, or
 * rows written), stopping once the sum reaches `enough`: one statement over 100,000 fields held the server for about a third
 * of a second.
 */
export async function inParts(
  store: AuditStore,
  scanId: number,
  inRange: (from: number, to: number) => number,
  part = PART,
  enough = Number.POSITIVE_INFINITY,
): Promise<number> {
  let total = 0;
  for (let from = 0; ;) {
    const bound = store.members.boundAfter(scanId, from, part);
    total += inRange(from, bound ?? Number.MAX_SAFE_INTEGER);
    if (bound === undefined || total >= enough) return total;
    from = bound + 1;
    await setImmediate();
  }
}

/** Whether `inRange` answers more than 0 for some part: stops at the first that does. */
export async function someInParts(
  store: AuditStore,
  scanId: number,
  inRange: (from: number, to: number) => number,
): Promise<boolean> {
  return (await inParts(store, scanId, inRange, PART, 1)) > 0;
}
