import { changeSetName } from './change-set-name';
import type { CalculatedField } from './field';
import type { ChangeSetSummary } from './journal';

/** What the undo rule reads of a change set; a field's history gives it for each version too. */
export type UndoSubject = Pick<ChangeSetSummary, 'id' | 'state' | 'undoneBy'>;

/** What tells one version of a field from the next. */
export type FieldStamp = Pick<CalculatedField, 'checkSum' | 'lastModified'>;

/**
 * One field of the set, seen from that field (the drawer's history): how it is now, how
 * the set left it (null: deleted), and how many fields the set applied, this one included.
 */
export interface UndoneField {
  now: FieldStamp;
  after: FieldStamp | null;
  appliedFields: number;
}

/** The undo's dry run's words for a field it leaves as it is (`changed-since`). */
export const CHANGED_AGAIN = 'it changed again since; undo refuses it';

/** Whether a field is still as a change left it: no one changed it since. */
export function unchangedSince(current: FieldStamp, recorded: FieldStamp): boolean {
  return current.checkSum === recorded.checkSum && current.lastModified === recorded.lastModified;
}

/**
 * Whether the undo would leave this field as it is. A deleted one is left to the
 * journal, and so is a copy of the field older than the change (read before it, as
 * the history's answer can overtake the field's): it cannot say what came after.
 */
const changedAgain = ({ now, after }: UndoneField) =>
  after !== null && now.lastModified >= after.lastModified && !unchangedSince(now, after);

/**
 * Why the journal refuses to undo a change set, in the words of its 409, or undefined
 * when it takes the undo (docs/api.md, "The journal"): not while it runs, and once only.
 * An undo is a change set like any other, so it may be undone too. Seen from one of its
 * fields (`field`), a set that changed that field alone has nothing to undo once the
 * field changed again since: its dry run would refuse the one field it holds.
 * Types only, so the first screen loads no zod.
 */
export function undoRefusal(set: UndoSubject, field?: UndoneField): string | undefined {
  if (set.state === 'running') return stillRunning(set.id, 'undo');
  if (set.undoneBy !== null) {
    return `${changeSetName(set.id)} was undone already, by ${changeSetName(set.undoneBy)}`;
  }
  if (field && field.appliedFields === 1 && changedAgain(field)) {
    return `${changeSetName(set.id)} changed this field alone, and ${CHANGED_AGAIN}`;
  }
  return undefined;
}

/**
 * A set of one field seen from that field, when the journal's list of sets says how
 * the field is now (`onlyField.now`): Activity's rows read the rule as the drawer's
 * history does. Undefined when the list does not say.
 */
export function onlyFieldUndone({
  onlyField,
  counts,
}: Pick<ChangeSetSummary, 'onlyField' | 'counts'>): UndoneField | undefined {
  if (onlyField?.after === undefined || onlyField.now === undefined) return undefined;
  return { now: onlyField.now, after: onlyField.after, appliedFields: counts.applied };
}

/**
 * What an undo the journal takes will leave out, seen from one field of a set of several:
 * this field, when it changed again since; undefined when the undo puts it back.
 */
export function undoLeavesOut(set: UndoSubject, field: UndoneField): string | undefined {
  if (undoRefusal(set, field) !== undefined || !changedAgain(field)) return undefined;
  const others = field.appliedFields - 1;
  return `the undo puts back the ${others === 1 ? 'other field' : `other ${others} fields`} of ${changeSetName(set.id)} and leaves this one: ${CHANGED_AGAIN}`;
}

/**
 * The journal's 409 for an undo whose dry run skips every field (each changed again
 * since, say): it would record an undo that put nothing back, and mark the set undone.
 */
export function nothingToUndo(id: number): string {
  return `${changeSetName(id)} has nothing left to undo: its dry run skips every field`;
}

/** A running change set refuses an undo, a retry and a check alike. */
export function stillRunning(id: number, what: 'undo' | 'retry' | 'check'): string {
  return `${changeSetName(id)} is still running; cancel it or wait before you ${what} it`;
}

/**
 * The journal's 409 for an undo's dry run whose set applied more fields since (a retry, a
 * check): the dry run lists the fields applied when it was made, and confirming it would
 * leave the others as they are while marking the whole set undone.
 */
export function changedSinceUndoDryRun(id: number): string {
  return `${changeSetName(id)} applied more fields since the undo's dry run (a retry or a check): run the dry run again to undo every field it applied`;
}
