import type { StaleItem } from './journal-store';
import type { JournalTarget } from './journal-target';
import { CHANGED_SINCE, changedSince, notFound } from './plan-change-set';
import type { SeenItem } from './plan-store';

/** Why an undo's restore is skipped: the id it gives the field back is taken. */
export const idTakenAgain = (id: number) => `a field has the id ${id} again`;

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
