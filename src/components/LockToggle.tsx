import { Switch } from '@mantine/core';
import { useLockPending } from '../api/calculated-fields/lock-field';
import type { SearchResultItem } from '../contract/field';
import { useLockWithUndo } from '../api/calculated-fields/use-lock-with-undo';
import { useMayLock } from './change-sets/use-can-write';
import { READER_MAY_NOT_LOCK } from './reader-words';
import { showHiddenCharacters } from '../contract/hidden-characters';

/**
 * Locks or unlocks a field at once, with Undo; a refusal switches it back and says why.
 * While the change is on its way the switch is marked unavailable and ignores presses:
 * `aria-disabled` rather than `disabled`, which would throw the keyboard's focus out of
 * the table.
 */
export function LockToggle({
  field,
  label,
  unavailable,
}: {
  field: Pick<SearchResultItem, 'id' | 'name' | 'locked'>;
  /** A visible label; without one the switch is named after the field. */
  label?: string;
  /** Why the field may not be locked or unlocked here (a deleted field), if it may not. */
  unavailable?: string;
}) {
  const setLocked = useLockWithUndo();
  const pending = useLockPending(field.id);
  const mayLock = useMayLock();
  const allowed = mayLock && unavailable === undefined;
  return (
    <Switch
      checked={field.locked}
      aria-disabled={pending || !allowed || undefined}
      title={mayLock ? unavailable : READER_MAY_NOT_LOCK}
      style={pending ? { opacity: 0.6, cursor: 'progress' } : undefined}
      onChange={(event) => {
        if (allowed) setLocked(field, event.currentTarget.checked);
      }}
      label={label}
      aria-label={label ? undefined : `Lock ${showHiddenCharacters(field.name)}`}
    />
  );
}
