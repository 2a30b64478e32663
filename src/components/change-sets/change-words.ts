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

/** Why an item was skipped: the server's own words, else what its reason means. */
export function skipWords(item: { reason?: SkipReason | null; message?: string | null }): string {
  return item.message ?? (item.reason ? skipReasonWords[item.reason] : 'skipped');
}

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
