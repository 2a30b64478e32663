import { Button } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

/** A filter shown as a chip; the whole chip is the button that removes it. */
export function RemovableChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      radius="xl"
      rightSection={<IconX size={14} aria-hidden />}
      aria-label={`Remove filter: ${label}`}
      onClick={onRemove}
      maw={360}
    >
      {label}
    </Button>
  );
}
