import type { CalculatedField } from '../../contract/field';
import type { Me, RecordedChange } from '../../contract/journal';
import { CHANGED_AGAIN, unchangedSince } from '../../contract/undo-rule';
import { mayChange } from '../server/who-is';
import { updateBetween } from './field-states';
import type { StoredItem } from './journal-store';
import type { JournalTarget, UpdateOf } from './journal-target';
import type { PlannedChange } from './plan-change-set';
import { changing, FORBIDDEN, skipped } from './plan-change-set';
import { planRepoints } from './repoint';
import { idTakenAgain } from './stale-since-dry-run';

/**
 * The undo of a set's applied items, last first: each field put back to its state
 * before, unless it changed again since (docs/api.md, "Undo"); where a deleted field
 * comes back with a new id, then the fields that nested it, made to name that id.
 * `since` is when the undone set was asked for. Sends nothing.
 */
export async function planUndo(
  target: JournalTarget,
  items: readonly StoredItem[],
  since: number,
  me: Pick<Me, 'role' | 'canWrite'>,
): Promise<PlannedChange[]> {
  const applied = items.filter((item) => item.state === 'applied').reverse();
  const current = await target.read(applied.map(idNow));
  // Every item at once, so a target may answer their previews together.
  const undone = await Promise.all(
    applied.map((item) => undoItem(target, item, current.get(idNow(item)), me)),
  );
  if (!target.restoresWithNewId) return undone;
  const restores = undone.filter((item) => item.action === 'change' && 'restore' in item.change);
  const repoints: PlannedChange[] = [];
  // After every restore, so each is sent once the new id it names is known.
  for (const restore of restores)
    repoints.push(...(await planRepoints(target, restore.after!, since)));
  return [...undone, ...repoints];
}

/** The id the field has now: a field created again by the instance has a new one. */
function idNow(item: StoredItem): number {
  return item.newId ?? item.fieldId;
}

async function undoItem(
  target: JournalTarget,
  item: StoredItem,
  current: CalculatedField | undefined,
  me: Pick<Me, 'role' | 'canWrite'>,
): Promise<PlannedChange> {
  const id = idNow(item);
  const skip = (
    change: RecordedChange,
    reason: Parameters<typeof skipped>[3],
    message: string,
  ) => ({ ...skipped(id, current, change, reason, message), name: item.fieldName });
  if ('delete' in item.change) {
    const restore = { restore: true } as const;
    if (!mayChange(me, restore)) return skip(restore, 'forbidden', FORBIDDEN);
    if (current) return skip(restore, 'changed-since', idTakenAgain(id));
    return {
      id,
      name: item.fieldName,
      action: 'change',
      before: null,
      after: item.before,
      change: restore,
    };
  }
  if ('restore' in item.change) {
    const remove = { delete: true } as const;
    if (!current) return skip(remove, 'not-found', 'it was deleted since');
    if (!mayChange(me, remove)) return skip(remove, 'forbidden', FORBIDDEN);
    if (!unchangedSince(current, item.after!)) {
      return skip(remove, 'changed-since', CHANGED_AGAIN);
    }
    return { ...changing(current, remove), after: null };
  }
  const back = { update: updateBetween(current ?? item.after!, item.before!) as UpdateOf };
  if (!current) return skip(back, 'not-found', 'it was deleted since');
  if (!mayChange(me, back)) return skip(back, 'forbidden', FORBIDDEN);
  if (!unchangedSince(current, item.after!)) {
    return skip(back, 'changed-since', CHANGED_AGAIN);
  }
  if (Object.keys(back.update).length === 0) return skip(back, 'no-change', 'it is so already');
  const preview = await target.preview(current, back.update);
  if (preview.kind === 'refused') return skip(back, 'invalid', preview.message);
  return { ...changing(current, back), after: preview.field };
}
