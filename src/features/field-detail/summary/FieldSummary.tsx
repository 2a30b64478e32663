import { Group, Text } from '@mantine/core';
import type { SearchResultItem } from '../../../contract/field';
import { fieldsTableLink } from '../../../links/table-link';
import { LockToggle } from '../../../components/LockToggle';
import { NamedId } from '../../../components/NamedId';
import { StatusBadge } from '../../../components/StatusBadge';
import { UNDO_THE_DELETE_FIRST } from '../actions/deleted-field';

/** The field's state at a glance: its status, its lock (not while it is deleted), and who owns it. */
export function FieldSummary({
  field,
  ownerName,
  deleted = false,
}: {
  field: Pick<SearchResultItem, 'id' | 'name' | 'locked' | 'status' | 'owner'>;
  ownerName?: string;
  deleted?: boolean;
}) {
  return (
    <Group gap="lg">
      <StatusBadge status={field.status} />
      <LockToggle
        field={field}
        label="Locked"
        unavailable={deleted ? UNDO_THE_DELETE_FIRST : undefined}
      />
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="dimmed">
          Owner
        </Text>
        <Text size="sm" component="div">
          <NamedId
            what="owner"
            id={field.owner}
            name={ownerName}
            to={fieldsTableLink({ owners: [field.owner] })}
          />
        </Text>
      </Group>
    </Group>
  );
}
