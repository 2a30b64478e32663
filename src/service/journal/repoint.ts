import { NESTED_FIELD_CALL } from '../../analysis/field-references';
import { referencesTo, repointReferences } from '../../analysis/repoint-references';
import type { CalculatedField } from '../../contract/field';
import type { SkipReason } from '../../contract/journal';
import { apiPaths } from '../../contract/paths';
import { errorBody } from '../server/api-error';
import { unchangedSince } from '../../contract/undo-rule';
import type { ItemOutcome, JournalStore, StoredItem } from './journal-store';
import type { JournalTarget, SentItem } from './journal-target';
import type { PlannedChange } from './plan-change-set';
import { skipped } from './plan-change-set';

/**
 * The repoints an undo plans beside the restore of `deleted` where the instance
 * gives it a new id: each field that nests its old id is to name the new one
 * (docs/api.md, "The journal"). A field changed since the delete was asked for
 * (`deletedAt`) or locked is skipped with the reason. Planned only beside a restore
 * the token may make, which needs the same right as a repoint.
 */
export async function planRepoints(
  target: JournalTarget,
  deleted: CalculatedField,
  deletedAt: number,
): Promise<PlannedChange[]> {
  const { nestedBy } = await target.usage(deleted);
  const current = await target.read(nestedBy);
  const change = { repoint: { from: deleted.id } } as const;
  const old = `${NESTED_FIELD_CALL}(${deleted.id})`;
  // The instance's search may lag its writes: only what the field says now counts.
  const nesting = [...current.values()].filter(
    (field) => referencesTo(field.expression, deleted.id).length > 0,
  );
  return nesting.map((field): PlannedChange => {
    const skip = (reason: SkipReason, message: string) =>
      skipped(field.id, field, change, reason, `${old} is left as it is: ${message}`);
    if (field.locked) return skip('locked', 'locked: unlock it first');
    if (field.lastModified > deletedAt) {
      return skip('changed-since', `it changed after "${deleted.name}" was deleted`);
    }
    return {
      id: field.id,
      name: field.name,
      action: 'change',
      message: `${old} → ${NESTED_FIELD_CALL}(the new id of "${deleted.name}")`,
      repoint: change.repoint,
      before: field,
      after: null,
      change,
    };
  });
}

/** A repoint made ready to send: recorded as its update, or refused with why. */
type Resolved = { item: StoredItem & SentItem } | { outcome: ItemOutcome };

/**
 * Turns a pending repoint of set `setId` into the update it sends, now that the
 * restore it follows has answered its new id, on the field as read now.
 */
export async function resolveRepoint(
  store: JournalStore,
  setId: number,
  target: JournalTarget,
  item: StoredItem,
): Promise<Resolved> {
  if (!('repoint' in item.change)) throw new Error('not a repoint');
  const { from } = item.change.repoint;
  const items = store.items(setId);
  const restore = items.find((other) => 'restore' in other.change && other.fieldId === from);
  const newId = restore?.state === 'applied' ? restore.newId : undefined;
  if (newId === undefined || newId === null) {
    return refused(item, `field ${from} was not created again, so there is no new id to name`);
  }
  let current: CalculatedField | undefined;
  try {
    current = (await target.read([item.fieldId])).get(item.fieldId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return refused(item, `no answer from the instance: ${reason}; nothing was sent`);
  }
  if (!current) return refused(item, 'it was deleted since', 404);
  // An earlier repoint of this set (the field nested two restored fields) changed it last.
  const lastLeftBy = items.findLast(
    (other) => other.fieldId === item.fieldId && other.state === 'applied' && other.after,
  );
  const planned = unchangedSince(current, lastLeftBy?.after ?? item.before!);
  if (!planned) return refused(item, 'it changed since the undo was planned');
  const expression = repointReferences(current.expression, from, newId);
  if (expression === undefined) return refused(item, `it no longer names field ${from}`);
  const change = { update: { expression } };
  store.recordRepoint(setId, item.position, {
    change,
    before: current,
    after: { ...current, expression },
  });
  return { item: { ...item, change, before: current } };
}

function refused(item: StoredItem, message: string, status = 409): Resolved {
  return {
    outcome: {
      state: 'failed',
      error: errorBody(status, `not repointed: ${message}`, apiPaths.template(item.fieldId)),
    },
  };
}
