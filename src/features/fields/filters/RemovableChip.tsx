import { Button } from '@mantine/core';
import { IconX } from '../../../components/icons/icons';

/** A filter shown as a chip; the whole chip is the button that removes it. */
export function RemovableChip({
  label,
  description,
  variant = 'light',
  onRemove,
}: {
  label: string;
  /** Shown on hover, e.g. that the filter is a default. */
  description?: string;
  /** `default` (outlined) marks a filter the table applies unless told otherwise. */
  variant?: 'light' | 'default';
  onRemove: () => void;
}) {
  return (
    <Button
      size="compact-sm"
      variant={variant}
      radius="xl"
      rightSection={<IconX size={14} aria-hidden />}
      aria-label={`Remove filter: ${label}`}
      title={description}
      onClick={onRemove}
      maw={360}
    >
      {label}
    </Button>
  );
}
