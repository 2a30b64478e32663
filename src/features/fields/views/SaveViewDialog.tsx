import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useInertApp } from '../../../components/use-inert-app';
import type { SavedView } from './saved-views-storage';
import { MAX_VIEW_NAME_LENGTH, sameName } from './saved-views-storage';

/**
 * Asks for a name for the view on screen. A name a saved view has already asks
 * before replacing that view; a built-in view's name is refused.
 */
export function SaveViewDialog({
  opened,
  views,
  onSave,
  onClose,
}: {
  opened: boolean;
  views: readonly SavedView[];
  /** Saves under `name`; answers a message when it could not. */
  onSave: (name: string) => string | undefined;
  onClose: () => void;
}) {
  useInertApp(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Save this view"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted afresh on each opening, so the name starts empty. */}
      {opened && <SaveViewForm views={views} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function SaveViewForm({
  views,
  onSave,
  onClose,
}: {
  views: readonly SavedView[];
  onSave: (name: string) => string | undefined;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [replacing, setReplacing] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const existing = views.find((view) => sameName(view.name, name));
    if (existing && replacing !== existing.name) {
      setReplacing(existing.name);
      return;
    }
    const problem = onSave(name);
    if (problem) setError(problem);
    else onClose();
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="Saves the search, filters, sort, page size, columns and density, in this browser."
          value={name}
          maxLength={MAX_VIEW_NAME_LENGTH + 20}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
            setReplacing(undefined);
          }}
          error={error}
          data-autofocus
        />
        {replacing && (
          <Alert color="yellow" title={`“${replacing}” exists already`}>
            Saving replaces what it shows with this view.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim()}>
            {replacing ? 'Replace' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
