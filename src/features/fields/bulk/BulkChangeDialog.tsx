import { useState } from 'react';
import { ChangeSetDialog } from '../../../components/change-sets/ChangeSetDialog';
import { OwnerPicker } from '../../../components/change-sets/OwnerPicker';
import { fieldCount } from '../../../components/plural';
import { useInertApp } from '../../../components/use-inert-app';
import type { ChangeSetRequest, FieldChange } from '../../../contract/journal';

export type BulkAction = 'archive' | 'restore' | 'owner' | 'delete' | 'lock' | 'unlock';

const titles: Record<BulkAction, string> = {
  archive: 'Archive',
  restore: 'Restore',
  owner: 'Change the owner of',
  delete: 'Delete',
  lock: 'Lock',
  unlock: 'Unlock',
};

const changes: Record<Exclude<BulkAction, 'owner'>, FieldChange> = {
  archive: { update: { archived: true } },
  restore: { update: { archived: false } },
  delete: { delete: true },
  lock: { update: { locked: true } },
  unlock: { update: { locked: false } },
};

function bulkRequest(action: BulkAction, ids: readonly number[], owner: string | null) {
  if (action === 'owner' && !owner) return undefined;
  const change = action === 'owner' ? { update: { owner: Number(owner) } } : changes[action];
  const request: ChangeSetRequest = {
    kind: action,
    items: ids.map((id) => ({ id, change })),
  };
  return request;
}

/**
 * A change of the whole selection, across pages: the dry run first (what changes, what
 * is skipped and why), then the recorded change set's progress, cancel, retry and undo.
 * Used fields are skipped by a bulk delete; they are deleted one by one from the drawer.
 * A lock or unlock skips the fields already so.
 */
export function BulkChangeDialog({
  action,
  ids,
  onClose,
}: {
  action: BulkAction;
  ids: readonly number[];
  onClose: () => void;
}) {
  useInertApp(true);
  const [owner, setOwner] = useState<string | null>(null);
  return (
    <ChangeSetDialog
      title={`${titles[action]} ${fieldCount(ids.length)}`}
      onClose={onClose}
      request={bulkRequest(action, ids, owner)}
      confirmLabel={action === 'owner' ? 'Change owner' : titles[action]}
      form={action === 'owner' ? <OwnerPicker value={owner} onChange={setOwner} /> : undefined}
    />
  );
}
