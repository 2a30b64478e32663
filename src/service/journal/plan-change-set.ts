import type { CalculatedField } from '../../contract/field';
import { INVALID } from '../../contract/field';
import type {
  ChangeItemRequest,
  ChangeSetRequest,
  PlannedItem,
  RecordedChange,
  SkipReason,
} from '../../contract/journal';
import { hasValuesOf } from './field-states';
import type { Me } from '../../contract/journal';
import { mayChange } from '../server/who-is';
import type { JournalTarget } from './journal-target';
import { deleteRefusal } from './restorable';

/** A planned item with the change it would send. */
export interface PlannedChange extends PlannedItem {
  change: RecordedChange;
}

export interface PlanRules extends Pick<Me, 'role' | 'canWrite'> {
  allowUsed?: boolean;
  allowInvalid?: boolean;
}

export const FORBIDDEN = 'this token may not change fields';
export const CHANGED_SINCE = 'it changed since the version this change was based on';
export const notFound = (id: number) => `no calculated field has the id ${id}`;

/** Whether the field differs from the version a change was based on (in what that names). */
export function changedSince(
  basedOn: ChangeItemRequest['basedOn'],
  current: CalculatedField,
): boolean {
  return (
    (basedOn?.checkSum !== undefined && basedOn.checkSum !== current.checkSum) ||
    (basedOn?.lastModified !== undefined && basedOn.lastModified !== current.lastModified)
  );
}

export function skipped(
  id: number,
  current: CalculatedField | undefined,
  change: RecordedChange,
  reason: SkipReason,
  message: string,
): PlannedChange {
  return {
    id,
    name: current?.name ?? `field ${id}`,
    action: 'skip',
    reason,
    message,
    before: current ?? null,
    after: null,
    change,
  };
}

/**
 * A change set's dry run (docs/api.md, "The journal"): each field as it is, and as
 * the change would leave it, or why it would be skipped. Sends nothing.
 */
export async function planChangeSet(
  target: JournalTarget,
  request: ChangeSetRequest,
  rules: PlanRules,
): Promise<PlannedChange[]> {
  const current = await target.read(request.items.map((item) => item.id));
  // Every item at once, so a target may answer their previews together (an instance
  // checks many expressions in one request); uses are searched one at a time.
  let searching = Promise.resolve();
  const usage: Usage = (field) => {
    const asked = searching.then(() => target.usage(field));
    searching = asked.then(
      () => undefined,
      () => undefined,
    );
    return asked;
  };
  return Promise.all(
    request.items.map((item) =>
      planItem(target, usage, item, current.get(item.id), { ...request, ...rules }),
    ),
  );
}

type Usage = JournalTarget['usage'];

async function planItem(
  target: JournalTarget,
  usage: Usage,
  item: ChangeItemRequest,
  current: CalculatedField | undefined,
  rules: PlanRules,
): Promise<PlannedChange> {
  const { id, change, basedOn } = item;
  const skip = (reason: SkipReason, message: string) =>
    skipped(id, current, change, reason, message);
  if (!current) return skip('not-found', notFound(id));
  if (!mayChange(rules, change)) return skip('forbidden', FORBIDDEN);
  if (changedSince(basedOn, current)) return skip('changed-since', CHANGED_SINCE);
  if ('delete' in change) {
    if (current.locked) return skip('locked', 'locked: unlock it first');
    // Every delete can be undone: one the instance could not undo is not made.
    const linkTypes = current.links.map((link) => link.resource.type);
    const notRestorable = deleteRefusal(target.deletesNeedLink, linkTypes);
    if (notRestorable) return skip('invalid', notRestorable);
    if (!rules.allowUsed) {
      const { activeCards, nestedBy } = await usage(current);
      if (activeCards + nestedBy.length > 0) {
        return skip('used', usedMessage(activeCards, nestedBy.length));
      }
    }
    return { ...changing(current, change), after: null };
  }
  const { update } = change;
  const unlocks = update.locked === false;
  if (current.locked && !unlocks && Object.keys(update).some((key) => key !== 'locked')) {
    return skip('locked', 'locked: unlock it first');
  }
  if (hasValuesOf(current, update)) return skip('no-change', 'it is so already');
  const preview = await target.preview(current, update);
  if (preview.kind === 'refused') return skip('invalid', preview.message);
  if (update.expression !== undefined && preview.field.status === INVALID && !rules.allowInvalid) {
    return skip(
      'invalid',
      'the expression would be INVALID; it is saved only when that is asked for',
    );
  }
  return { ...changing(current, change), after: preview.field };
}

/** The plan's line for a field that will change; its `after` is filled in by the caller. */
export function changing(current: CalculatedField, change: RecordedChange): PlannedChange {
  return {
    id: current.id,
    name: current.name,
    action: 'change',
    before: current,
    after: null,
    change,
  };
}

function usedMessage(cards: number, nestingFields: number): string {
  const parts = [
    cards > 0 && `${cards} card${cards === 1 ? '' : 's'}`,
    nestingFields > 0 && `${nestingFields} field${nestingFields === 1 ? '' : 's'} that nest it`,
  ].filter(Boolean);
  return `used by ${parts.join(' and ')}; it is deleted only when that is asked for`;
}
