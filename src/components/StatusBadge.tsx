import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

/** A field's status; anything but VALID stands out by icon and colour. */
export function StatusBadge({ status }: { status: string }) {
  const valid = status === 'VALID';
  return (
    <Badge
      color={valid ? 'teal' : 'red'}
      variant={valid ? 'light' : 'filled'}
      leftSection={valid ? <IconCircleCheck size={12} /> : <IconAlertTriangle size={12} />}
    >
      {status}
    </Badge>
  );
}
