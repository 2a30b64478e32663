import { useState } from 'react';
import { ChangeSetDialog } from '../../../components/change-sets/ChangeSetDialog';
import { OwnerPicker } from '../../../components/change-sets/OwnerPicker';
import type { CalculatedField } from '../../../contract/field';
import { singleChange } from './single-change';
import { UserText } from '../../../components/UserText';

/** Hands a field to another owner, picked by name from the directory of owners. */
export function OwnerDialog({ field, onClose }: { field: CalculatedField; onClose: () => void }) {
  const [owner, setOwner] = useState<string | null>(null);
  const request =
    owner && Number(owner) !== field.owner
      ? singleChange('owner', field, { update: { owner: Number(owner) } })
      : undefined;
  return (
    <ChangeSetDialog
      title={
        <>
          Change the owner of <UserText text={field.name} />
        </>
      }
      onClose={onClose}
      request={request}
      confirmLabel="Change owner"
      form={<OwnerPicker value={owner} onChange={setOwner} />}
    />
  );
}
