import type { StaleItem, StoredItem } from './journal-store';
import type { JournalTarget } from './journal-target';
import { CHANGED_SINCE, changedSince, notFound } from './plan-change-set';
import type { SeenItem } from './plan-store';

/** Why an undo's restore is skipped: the id it gives the field back is taken. */
export const idTakenAgain = (id: number) => `a field has the id ${id} again`;

/** Fields read at a time while looking for one still as its dry run read it. */
const READ_UNTIL_ONE_AT_A_TIME = 8;

/**
 * The items of a confirmed plan that may no longer change as planned: each field is
 * read again and one deleted, or changed since the version its dry run read, is
 * skipped as a dry run would skip it (docs/api.md, "The journal"). A field the dry run
 * found gone (an undo's restore) is skipped once a field has its id again. Sends nothing.
 */
export async function staleSinceDryRun(
  target: JournalTarget,
  items: readonly SeenItem[],
): Promise<StaleItem[]> {
  const current = await target.read(items.map((item) => item.fieldId));
  const stale: StaleItem[] = [];
  for (const { position, fieldId, seen } of items) {
    const field = current.get(fieldId);
    if (seen === null) {
      if (field) {
        const message = idTakenAgain(fieldId);
        stale.push({ position, reason: 'changed-since', message, current: field });
      }
    } else if (!field) {
      stale.push({ position, reason: 'not-found', message: notFound(fieldId), current: null });
    } else if (changedSince(seen, field)) {
      stale.push({ position, reason: 'changed-since', message: CHANGED_SINCE, current: field });
    }
  }
  return stale;
}

/**
 * Whether any item may still change as planned: read a few at a time, so an undo
 * whose fields are as its dry run read them is known by its first few, and one whose
 * every field changed since is known exactly, by reading them all.
 */
export async function anyStillAsPlanned(
  target: JournalTarget,
  items: readonly SeenItem[],
): Promise<boolean> {
  for (let start = 0; start < items.length; start += READ_UNTIL_ONE_AT_A_TIME) {
    const few = items.slice(start, start + READ_UNTIL_ONE_AT_A_TIME);
    if ((await staleSinceDryRun(target, few)).length < few.length) return true;
  }
  return false;
}

/** A recorded item with the version it was planned on: its before (none for a restore). */
export function seenOf(item: StoredItem): SeenItem {
  const { position, fieldId, before } = item;
  if (before === null) return { position, fieldId, seen: null };
  return {
    position,
    fieldId,
    seen: { checkSum: before.checkSum, lastModified: before.lastModified },
  };
}
