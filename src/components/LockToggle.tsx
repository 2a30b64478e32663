import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SearchResultItem } from '../contract/field';
import { useLockField } from '../api/calculated-fields/lock-field';

/** Locks or unlocks a field at once; a refusal switches it back and says why. */
export function LockToggle({
  field,
  label,
}: {
  field: Pick<SearchResultItem, 'id' | 'name' | 'locked'>;
  /** A visible label; without one the switch is named after the field. */
  label?: string;
}) {
  const lock = useLockField({
    onError: (error, change) =>
      notifications.show({
        color: 'red',
        title: change.locked ? 'The field was not locked' : 'The field was not unlocked',
        message: `“${field.name}” is ${change.locked ? 'still unlocked' : 'still locked'}. ${error.message}`,
        autoClose: 8000,
      }),
  });
  return (
    <Switch
      checked={field.locked}
      onChange={(event) => lock.mutate({ id: field.id, locked: event.currentTarget.checked })}
      label={label}
      aria-label={label ? undefined : `Lock ${field.name}`}
    />
  );
}
