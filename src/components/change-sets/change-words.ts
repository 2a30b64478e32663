import type { CalculatedField } from '../../contract/field';
import type { ChangeKind, SkipReason } from '../../contract/journal';

/** What a skipped item's reason means, when the server sends no words of its own. */
export const skipReasonWords: Record<SkipReason, string> = {
  locked: 'locked: unlock it first',
  used: 'something uses it',
  'changed-since': 'changed since it was read',
  'not-found': 'no longer exists',
  'no-change': 'already so',
  invalid: 'the expression would be INVALID',
  forbidden: 'this token may not change it',
};

export const kindWords: Record<ChangeKind, string> = {
  edit: 'Expression edited',
  rename: 'Renamed',
  owner: 'Owner changed',
  archive: 'Archived',
  restore: 'Restored',
  delete: 'Deleted',
  lock: 'Locked',
  unlock: 'Unlocked',
  undo: 'Undone',
  remap: 'Remapped',
  replace: 'Replaced',
  merge: 'Merged',
  handover: 'Handed over',
  cleanup: 'Cleaned up',
};

const shownProperties = ['name', 'owner', 'archived', 'locked', 'status'] as const;

/**
 * The properties a change sets, in words: "name: Revenue → Revenue (net)". The
 * expression is left to a diff; a deleted or recreated field says so.
 */
export function describeChange(
  before: CalculatedField | null,
  after: CalculatedField | null,
): string[] {
  if (before && !after) return ['deleted'];
  if (!before && after) return ['created again'];
  if (!before || !after) return [];
  const words = shownProperties
    .filter((property) => before[property] !== after[property])
    .map((property) => `${property}: ${String(before[property])} → ${String(after[property])}`);
  if (before.expression !== after.expression) words.unshift('expression changed');
  return words;
}
