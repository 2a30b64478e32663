import { Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { isValidStatus } from '../contract/field';

/** A field's status: VALID reads quietly, anything else stands out by icon and colour. */
export function StatusBadge({ status }: { status: string }) {
  if (isValidStatus(status)) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconCircleCheck size={16} color="var(--mantine-color-teal-text)" aria-hidden />
        <Text size="sm">{status}</Text>
      </Group>
    );
  }
  return (
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />}>
      {status}
    </Badge>
  );
}
