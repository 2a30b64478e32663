import { Button, Group, Progress, Text } from '@mantine/core';
import type { GatherProgress } from '../../../api/calculated-fields/all-matches';

/** How far gathering every match has come, with a way out. */
export function CollectingProgress({
  label,
  progress,
  counting = 'fields',
  onCancel,
}: {
  /** What is being gathered for, e.g. "Exporting": also names the progress bar. */
  label: string;
  /** null until the first page answers. */
  progress: GatherProgress | null;
  /** What the count counts: "fields" gathered, or "fields read" after. */
  counting?: string;
  onCancel: () => void;
}) {
  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const counted =
    progress && progress.total > 0
      ? `${progress.loaded.toLocaleString()} of ${progress.total.toLocaleString()} ${counting}`
      : 'gathering fields…';
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={percent} w={120} aria-label={label} />
      <Text size="sm" role="status">
        {label}: {counted}
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        onClick={onCancel}
        aria-label={`Cancel ${label.toLowerCase()}`}
      >
        Cancel
      </Button>
    </Group>
  );
}
