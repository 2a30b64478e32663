import type { ChangeSetSummary } from './journal';

/** What the undo rule reads of a change set; a field's history gives it for each version too. */
export type UndoSubject = Pick<ChangeSetSummary, 'id' | 'state' | 'undoneBy'>;

/**
 * Why the journal refuses to undo a change set, in the words of its 409, or undefined
 * when it takes the undo (docs/api.md, "The journal"): not while it runs, and once only.
 * An undo is a change set like any other, so it may be undone too. Types only, so the
 * first screen loads no zod.
 */
export function undoRefusal(set: UndoSubject): string | undefined {
  if (set.state === 'running') return stillRunning(set.id, 'undo');
  if (set.undoneBy !== null) {
    return `change set ${set.id} was undone already, by change set ${set.undoneBy}`;
  }
  return undefined;
}

/** A running change set refuses an undo, a retry and a check alike. */
export function stillRunning(id: number, what: 'undo' | 'retry' | 'check'): string {
  return `change set ${id} is still running; cancel it or wait before you ${what} it`;
}
