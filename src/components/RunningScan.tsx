import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { Scan } from '../contract/audit';
import { IconPlayerStop } from './icons/icons';
import { formatCount } from './plural';

/** A scan as it runs: what it is doing, how far it is, and a way to cancel it. */
export function RunningScan({ scan, onCancel }: { scan: Scan; onCancel: () => void }) {
  const { listed, toRead, read } = scan.progress;
  const reading = scan.phase === 'reading';
  const value = reading && toRead > 0 ? (read / toRead) * 100 : 0;
  const words = reading
    ? `Reading ${formatCount(read)} of ${formatCount(toRead)} new or changed fields (of ${formatCount(listed)})`
    : `Listing the fields: ${formatCount(listed)} so far`;
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Group justify="space-between">
        <Text size="sm">Scanning: {words}.</Text>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconPlayerStop size={14} />}
          onClick={onCancel}
        >
          Cancel scan
        </Button>
      </Group>
      <Progress value={value} animated={!reading} aria-label="Scan progress" />
      {scan.message && (
        <Text size="sm" c="dimmed">
          {scan.message}
        </Text>
      )}
    </Stack>
  );
}
