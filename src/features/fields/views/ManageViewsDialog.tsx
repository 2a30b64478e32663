import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconX } from '../../../components/icons/icons';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useInertApp } from '../../../components/use-inert-app';
import type { SavedView } from './saved-views-storage';
import { MAX_VIEW_NAME_LENGTH } from './saved-views-storage';
import { showHiddenCharacters } from '../../../contract/hidden-characters';
import { UserText } from '../../../components/UserText';

export interface ViewChanges {
  onOpen: (view: SavedView) => void;
  /** Each answers a message when the change could not be made. */
  onRename: (from: string, to: string) => string | undefined;
  onReplace: (view: SavedView) => string | undefined;
  onDelete: (view: SavedView) => string | undefined;
}

/** The saved views, each to open, rename, replace with the view on screen, or delete. */
export function ManageViewsDialog({
  opened,
  views,
  onClose,
  ...changes
}: ViewChanges & { opened: boolean; views: readonly SavedView[]; onClose: () => void }) {
  useInertApp(opened);
  const [renaming, setRenaming] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const report = (message: string | undefined) => setProblem(message);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Saved views"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {problem && (
          <Text c="red.8" size="sm" role="alert">
            {problem}
          </Text>
        )}
        {views.length === 0 ? (
          <Text size="sm">
            No views saved yet. Choose “Save this view…” in the Views menu to name what the table
            shows.
          </Text>
        ) : (
          <Table aria-label="Saved views" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {views.map((view) => (
                <Table.Tr key={view.name}>
                  <Table.Td>
                    {renaming === view.name ? (
                      <RenameForm
                        name={view.name}
                        onRename={(to) => {
                          const message = changes.onRename(view.name, to);
                          if (!message) setRenaming(undefined);
                          return message;
                        }}
                        onCancel={() => setRenaming(undefined)}
                      />
                    ) : (
                      <Text style={{ overflowWrap: 'anywhere' }}>
                        <UserText text={view.name} />
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="wrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Open ${showHiddenCharacters(view.name)}`}
                        onClick={() => changes.onOpen(view)}
                      >
                        Open
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Rename ${showHiddenCharacters(view.name)}`}
                        onClick={() => {
                          setProblem(undefined);
                          setRenaming(view.name);
                        }}
                      >
                        Rename
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Replace ${showHiddenCharacters(view.name)} with the view on screen`}
                        onClick={() => report(changes.onReplace(view))}
                      >
                        Replace with this view
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        color="red"
                        aria-label={`Delete ${showHiddenCharacters(view.name)}`}
                        onClick={() => report(changes.onDelete(view))}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}

function RenameForm({
  name,
  onRename,
  onCancel,
}: {
  name: string;
  onRename: (to: string) => string | undefined;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(onRename(value));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput
          aria-label={`New name for ${name}`}
          value={value}
          maxLength={MAX_VIEW_NAME_LENGTH + 20}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              // Closes the rename, not the dialog.
              event.stopPropagation();
              onCancel();
            }
          }}
          error={error}
          autoFocus
          style={{ flex: 1 }}
        />
        <ActionIcon type="submit" variant="default" size="lg" aria-label="Save the new name">
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label="Cancel renaming" onClick={onCancel}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </form>
  );
}
