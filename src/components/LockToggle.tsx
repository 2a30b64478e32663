import { Switch } from '@mantine/core';
import type { SearchResultItem } from '../contract/field';
import { useLockWithUndo } from './use-lock-with-undo';

/** Locks or unlocks a field at once, with Undo; a refusal switches it back and says why. */
export function LockToggle({
  field,
  label,
}: {
  field: Pick<SearchResultItem, 'id' | 'name' | 'locked'>;
  /** A visible label; without one the switch is named after the field. */
  label?: string;
}) {
  const setLocked = useLockWithUndo();
  return (
    <Switch
      checked={field.locked}
      onChange={(event) => setLocked(field, event.currentTarget.checked)}
      label={label}
      aria-label={label ? undefined : `Lock ${field.name}`}
    />
  );
}
