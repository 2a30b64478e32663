import { Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useCanWrite } from '../../../components/change-sets/use-can-write';
import { ChangeSetDialog } from '../../../components/change-sets/ChangeSetDialog';
import type { CalculatedField } from '../../../contract/field';
import { DeleteDialog } from './DeleteDialog';
import { UNDO_THE_DELETE_FIRST } from './deleted-field';
import { OwnerDialog } from './OwnerDialog';
import { RenameDialog } from './RenameDialog';
import { singleChange } from './single-change';
import { UserText } from '../../../components/UserText';

// The code editor is large: it loads when editing starts, not with the app.
const EditExpressionDialog = lazy(() => import('../editor/EditExpressionDialog'));

type Action = 'edit' | 'rename' | 'owner' | 'archive' | 'restore' | 'delete';

/**
 * What the person may do to the field: shown only to a token that may write, and
 * disabled on a locked field, which must be unlocked first, and on a deleted one,
 * which its delete's undo brings back. An open dialog stays: the delete's holds that undo.
 */
export function FieldActions({ field, deleted }: { field: CalculatedField; deleted: boolean }) {
  const canWrite = useCanWrite();
  const [open, setOpen] = useState<Action>();
  const disabledNote = useId();
  if (!canWrite) return null;
  const close = () => setOpen(undefined);
  const disabledReason = deleted
    ? UNDO_THE_DELETE_FIRST
    : field.locked
      ? 'Unlock it first'
      : undefined;
  const button = (action: Action, label: string, color?: string) => (
    <Button
      size="compact-sm"
      variant={color ? 'light' : 'default'}
      color={color}
      disabled={disabledReason !== undefined}
      aria-describedby={disabledReason === undefined ? undefined : disabledNote}
      onClick={() => setOpen(action)}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap={4}>
      <Group gap="xs" role="group" aria-label="Change this field">
        {button('edit', 'Edit expression')}
        {button('rename', 'Rename')}
        {button('owner', 'Change owner')}
        {field.archived ? button('restore', 'Restore') : button('archive', 'Archive')}
        {button('delete', 'Delete', 'red')}
      </Group>
      {disabledReason !== undefined && (
        <Text size="sm" c="dimmed" id={disabledNote}>
          {disabledReason}
        </Text>
      )}
      {open === 'edit' && (
        <Suspense fallback={null}>
          <EditExpressionDialog field={field} onClose={close} />
        </Suspense>
      )}
      {open === 'rename' && <RenameDialog field={field} onClose={close} />}
      {open === 'owner' && <OwnerDialog field={field} onClose={close} />}
      {(open === 'archive' || open === 'restore') && (
        // Worded by the action chosen, not by the field: once archived, the field says
        // "archived", and the dialog reporting that archive must not turn into "Restore".
        <ChangeSetDialog
          title={
            <>
              {open === 'archive' ? 'Archive' : 'Restore'} <UserText text={field.name} />
            </>
          }
          onClose={close}
          request={singleChange(open, field, { update: { archived: open === 'archive' } })}
          confirmLabel={open === 'archive' ? 'Archive' : 'Restore'}
        />
      )}
      {open === 'delete' && (
        <DeleteDialog field={field} onClose={close} onArchive={() => setOpen('archive')} />
      )}
    </Stack>
  );
}
