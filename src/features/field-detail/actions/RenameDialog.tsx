import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { ChangeSetDialog } from '../../../components/change-sets/ChangeSetDialog';
import type { CalculatedField } from '../../../contract/field';
import { MAX_NAME_LENGTH } from '../../../contract/template-writes';
import { singleChange } from './single-change';
import { UserText } from '../../../components/UserText';

export function RenameDialog({ field, onClose }: { field: CalculatedField; onClose: () => void }) {
  const [name, setName] = useState(field.name);
  const trimmed = name.trim();
  const request =
    trimmed && trimmed !== field.name
      ? singleChange('rename', field, { update: { name: trimmed } })
      : undefined;
  return (
    <ChangeSetDialog
      title={
        <>
          Rename <UserText text={field.name} />
        </>
      }
      onClose={onClose}
      request={request}
      confirmLabel="Rename"
      form={
        <TextInput
          label="New name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={MAX_NAME_LENGTH}
          data-autofocus
          required
        />
      }
    />
  );
}
