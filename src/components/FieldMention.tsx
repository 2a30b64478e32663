import { Badge } from '@mantine/core';
import { isValidStatus } from '../contract/field';
import { FieldLink } from './FieldLink';
import { StatusBadge } from './StatusBadge';
import { UserText } from './UserText';

/**
 * Another field named in the drawer: its link, then what an admin must know before
 * following it: archived, or not VALID. Wrapped in the caller's `Group`.
 */
export function FieldMention({
  field,
}: {
  field: { id: number; name: string; archived?: boolean; status: string };
}) {
  return (
    <>
      <FieldLink id={field.id}>
        <UserText text={field.name} />
      </FieldLink>
      {field.archived && (
        <Badge size="xs" color="orange" variant="light">
          archived
        </Badge>
      )}
      {!isValidStatus(field.status) && <StatusBadge status={field.status} />}
    </>
  );
}
