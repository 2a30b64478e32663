import { Button, Menu } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCanWrite } from '../../../components/change-sets/use-can-write';
import { IconChevronDown } from '../../../components/icons/icons';
import { FIX_IDS_MAX, fixLink } from '../../../links/fix-link';
import { BulkChangeDialog } from '../bulk/BulkChangeDialog';
import type { BulkAction } from '../bulk/BulkChangeDialog';

/**
 * Archive, restore, change the owner of or delete the selected fields, each in its
 * dialog, or find and replace in their expressions on the /fix page. Drawn only once `GET /me` says this token may write, so a reader never sees it.
 */
export function ChangeSelectedMenu({ ids }: { ids: readonly number[] }) {
  const [action, setAction] = useState<BulkAction>();
  const menuButton = useRef<HTMLButtonElement>(null);
  const canWrite = useCanWrite();
  if (!canWrite) return null;
  return (
    <>
      <Menu position="bottom-start">
        <Menu.Target>
          <Button
            ref={menuButton}
            size="compact-sm"
            variant="default"
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            Change
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setAction('archive')}>Archive…</Menu.Item>
          <Menu.Item onClick={() => setAction('restore')}>Restore…</Menu.Item>
          <Menu.Item onClick={() => setAction('owner')}>Change owner…</Menu.Item>
          <Menu.Item
            component={Link}
            to={fixLink({ workflow: 'replace', ids })}
            disabled={ids.length > FIX_IDS_MAX}
          >
            {ids.length > FIX_IDS_MAX
              ? `Find and replace: select at most ${FIX_IDS_MAX.toLocaleString()}`
              : 'Find and replace…'}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setAction('delete')}>
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {action && (
        <BulkChangeDialog
          action={action}
          ids={ids}
          onClose={() => {
            setAction(undefined);
            // The menu item that opened the dialog is gone: focus goes back to the menu's button.
            menuButton.current?.focus();
          }}
        />
      )}
    </>
  );
}
