import type { ChangeItemRequest } from '../../contract/journal';
import type { FieldFacts } from '../audit/findings/field-facts';

/**
 * The version of a field the audit saw, guarding a workflow's journal item. The time of its
 * last change guards as well as the check sum: a rename, an owner change or an archive
 * leaves the check sum (the expression's) as it was.
 */
export function versionSeen(
  field: Pick<FieldFacts, 'checkSum' | 'lastModified'>,
): NonNullable<ChangeItemRequest['basedOn']> {
  return { checkSum: field.checkSum, lastModified: field.lastModified };
}
