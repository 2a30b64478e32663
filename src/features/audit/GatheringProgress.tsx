import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import type { GatherProgress } from '../../api/calculated-fields/all-matches';
import { formatCount } from './format';

function describe(progress: GatherProgress | null): string {
  if (!progress) return 'Reading every field for the charts…';
  return `Read ${formatCount(progress.loaded)} of ${formatCount(progress.total)} fields for the charts…`;
}

/** The gathering under way: how far it got, and a way to stop it. */
export function GatheringProgress({
  progress,
  onCancel,
}: {
  progress: GatherProgress | null;
  onCancel: () => void;
}) {
  const percent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
  const text = describe(progress);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="center" mb="xs">
        <Text size="sm" role="status">
          {text}
        </Text>
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
      <Progress.Root size="md">
        <Progress.Section
          value={progress ? percent : 100}
          animated={!progress}
          withAria={false}
          role="progressbar"
          aria-label="Fields read for the charts"
          aria-valuemin={0}
          aria-valuemax={progress?.total}
          aria-valuenow={progress?.loaded}
          aria-valuetext={text}
        />
      </Progress.Root>
    </Paper>
  );
}
