import type { ChangeSetSummary } from './journal';

/**
 * Whether the journal takes an undo of a change set (docs/api.md, "The journal"): not
 * while it runs, and once only. An undo is a change set like any other, so it may be
 * undone too. Types only, so the first screen loads no zod.
 */
export function isUndoable(set: Pick<ChangeSetSummary, 'state' | 'undoneBy'>): boolean {
  return set.state !== 'running' && set.undoneBy === null;
}
