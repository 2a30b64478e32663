import type { ChangeKind, ChangeSetSummary, Me } from './journal';

/**
 * Whether a person may make a change (docs/api.md, "Who may write"): an editor locks
 * and unlocks, as before writes existed (with a token the server holds too); any
 * other change needs `canWrite`. The server judges each change by it, and the app
 * offers only what the server would allow. Types only, so the first screen loads no zod.
 */
export function mayMakeChange(me: Pick<Me, 'role' | 'canWrite'>, locksOnly: boolean): boolean {
  return locksOnly ? me.role === 'editor' : me.canWrite;
}

/** Kinds of change set whose every change, and every change of their undo, is a lock or an unlock. */
const lockKinds: ReadonlySet<ChangeKind> = new Set(['lock', 'unlock']);

/** Whether a person may undo, retry or finish a change set of this kind. */
export function mayActOnChangeSet(me: Pick<Me, 'role' | 'canWrite'>, kind: ChangeKind): boolean {
  return mayMakeChange(me, lockKinds.has(kind));
}

/**
 * Whether a person may retry or finish a change set: only their own, since the set
 * records every change it sends as its person's, whoever's token sends it.
 */
export function mayRetryChangeSet(
  me: Pick<Me, 'person' | 'role' | 'canWrite'>,
  set: Pick<ChangeSetSummary, 'kind' | 'person'>,
): boolean {
  return mayActOnChangeSet(me, set.kind) && me.person === set.person;
}
