import type { CalculatedField } from '../../../contract/field';
import type { ChangeKind, ChangeSetRequest, FieldChange } from '../../../contract/journal';

/**
 * A change set of one field, based on the version the drawer shows: a field changed
 * since is skipped as `changed-since`, never overwritten.
 */
export function singleChange(
  kind: ChangeKind,
  field: Pick<CalculatedField, 'id' | 'checkSum' | 'lastModified'>,
  change: FieldChange,
  flags: Pick<ChangeSetRequest, 'allowUsed' | 'allowInvalid'> = {},
): ChangeSetRequest {
  return {
    kind,
    items: [
      {
        id: field.id,
        change,
        basedOn: { checkSum: field.checkSum, lastModified: field.lastModified },
      },
    ],
    ...flags,
  };
}
