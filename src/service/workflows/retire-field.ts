import type { ChangeItemRequest } from '../../contract/journal';
import type { FieldFacts } from '../audit/findings/field-facts';
import { deleteRefusal } from '../journal/restorable';
import { LOCKED } from './check-rewrite';
import { versionSeen } from './version-seen';

/** What a merge does with the fields that go, and a clean-up with unused ones. */
export type RetireAction = 'archive' | 'delete';

/**
 * Why a field is neither archived nor deleted, whatever else the workflow checks: it is
 * locked, or an archive finds it archived already (the journal would skip it as no change,
 * and the preview would count it among the changes), or a delete could not be undone
 * (restorable.ts, `deleteRefusal`).
 */
export function retireRefusal(
  field: Pick<FieldFacts, 'locked' | 'archived' | 'links'>,
  action: RetireAction,
  deletesNeedLink: boolean,
): string | undefined {
  if (field.locked) return LOCKED;
  if (action === 'archive' && field.archived) return 'archived already';
  if (action !== 'delete') return undefined;
  return deleteRefusal(
    deletesNeedLink,
    field.links.map((link) => link.type),
  );
}

/** The journal's item that archives or deletes the field, guarded by the version the audit saw. */
export function retireChange(
  field: Pick<FieldFacts, 'id' | 'checkSum' | 'lastModified'>,
  action: RetireAction,
): ChangeItemRequest {
  const change = action === 'delete' ? { delete: true as const } : { update: { archived: true } };
  return { id: field.id, change, basedOn: versionSeen(field) };
}
