import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SearchResultItem } from '../../contract/field';
import { useLastUndo } from './last-lock-undo';
import { isLockPending, useLockField } from './lock-field';
import { LockNotMade } from './record-lock';
import { showHiddenCharacters } from '../../contract/hidden-characters';

type LockableField = Pick<SearchResultItem, 'id' | 'name'>;

/** How long the Undo stays offered; hovering the notification keeps it open. */
const undoOfferedMs = 8000;

const noticeId = (id: number) => `lock-${id}`;

function describe(locked: boolean) {
  return locked ? 'Locked' : 'Unlocked';
}

/**
 * Locks or unlocks a field at once and offers to undo it. The change is sent
 * straight away rather than after the offer lapses: a lock protects the field, and
 * closing the tab must not lose a change the screen already shows as made. Undo
 * sends the opposite change; each is a change set the journal records. A change not
 * made switches the field back to the state the journal found and says why. While a
 * field's change is on its way, another toggle of it (switch or shortcut) is ignored.
 */
export function useLockWithUndo() {
  const client = useQueryClient();
  const lastUndo = useLastUndo();
  // The server's refusal carries only the change; the messages name the field.
  const names = useRef(new Map<number, string>());
  const lock = useLockField({
    onError: (error, change, lockedNow) => {
      const name = names.current.get(change.id) ?? `field ${change.id}`;
      lastUndo.withdraw();
      notifications.hide(noticeId(change.id));
      // The instance did not say whether it made the change (its answer was lost).
      if (error instanceof LockNotMade && error.lockedNow === undefined) {
        notifications.show({
          id: noticeId(change.id),
          color: 'red',
          title: `Whether “${name}” was ${describe(change.locked).toLowerCase()} is not known`,
          message: error.message,
          autoClose: 8000,
        });
        return;
      }
      notifications.show({
        id: noticeId(change.id),
        color: 'red',
        title: change.locked ? 'The field was not locked' : 'The field was not unlocked',
        // Someone else made the same change meanwhile: that is the whole reason.
        message:
          lockedNow === change.locked
            ? `“${name}” is ${describe(lockedNow).toLowerCase()} already.`
            : `“${name}” is ${change.locked ? 'still unlocked' : 'still locked'}. ${error.message}`,
        autoClose: 8000,
      });
    },
  });
  const send = (field: LockableField, locked: boolean) => {
    names.current.set(field.id, showHiddenCharacters(field.name));
    lock.mutate({ id: field.id, locked });
  };

  const undo = (field: LockableField, locked: boolean) => {
    lastUndo.withdraw();
    send(field, !locked);
    notifications.update({
      id: noticeId(field.id),
      title: `${describe(!locked)} “${showHiddenCharacters(field.name)}” again`,
      message: 'The change was undone.',
      autoClose: 4000,
    });
  };

  return (field: LockableField, locked: boolean) => {
    if (isLockPending(client, field.id)) return;
    send(field, locked);
    const undoThis = () => undo(field, locked);
    // Toggling the same field again replaces its notification rather than stacking another.
    notifications.hide(noticeId(field.id));
    lastUndo.offer(undoThis);
    notifications.show({
      id: noticeId(field.id),
      title: `${describe(locked)} “${showHiddenCharacters(field.name)}”`,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">
            {locked ? 'It can no longer be changed.' : 'It can be changed again.'}
          </Text>
          <Button size="compact-sm" variant="light" onClick={undoThis}>
            Undo
          </Button>
        </Group>
      ),
      autoClose: undoOfferedMs,
      onClose: () => {
        lastUndo.withdraw(undoThis);
      },
    });
  };
}
