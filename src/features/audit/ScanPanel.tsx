import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '../../components/icons/icons';
import type { AuditStatus, Scan } from '../../contract/audit';
import { useScanControls } from '../../api/audit/scans';
import { DateTime } from '../../components/DateTime';
import { ErrorState } from '../../components/ErrorState';
import { formatBytes, formatCount } from './format';
import { plural } from '../../components/plural';

function RunningScan({ scan, onCancel }: { scan: Scan; onCancel: () => void }) {
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

/** The scans at a glance: when the findings were read, what they cost on disk, and a scan on demand. */
export function ScanPanel({ status }: { status: AuditStatus }) {
  const { start, cancel } = useScanControls();
  const { latestScan, runningScan } = status;
  return (
    <Paper withBorder p="md" component="section" aria-label="Scans">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            {latestScan ? (
              <Text size="sm">
                Latest scan finished <DateTime epochMs={latestScan.finished!} withTime />:{' '}
                {formatCount(latestScan.fields)} fields.
              </Text>
            ) : (
              <Text size="sm">No scan has completed yet.</Text>
            )}
            <Text size="sm" c="dimmed">
              {formatCount(status.scanCount)} of the last {formatCount(status.keep)} scans kept,
              taking {formatBytes(status.diskBytes)} on disk
              {status.nextScanAt !== undefined && (
                <>
                  ; next scheduled scan <DateTime epochMs={status.nextScanAt} withTime />
                </>
              )}
              .
              {status.changesSinceScan > 0 &&
                ` ${plural(status.changesSinceScan, 'change', 'changes')} made through this server since then ${status.changesSinceScan === 1 ? 'is' : 'are'} already counted.`}
            </Text>
          </Stack>
          {!runningScan && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => start.mutate()}
              loading={start.isPending}
            >
              Scan now
            </Button>
          )}
        </Group>
        {runningScan && (
          <RunningScan scan={runningScan} onCancel={() => cancel.mutate(runningScan.id)} />
        )}
        {start.isError && (
          <ErrorState
            title="The scan could not start"
            error={start.error}
            onRetry={() => start.mutate()}
          />
        )}
        {cancel.isError && (
          <ErrorState
            title="The scan could not be cancelled"
            error={cancel.error}
            onRetry={() => runningScan && cancel.mutate(runningScan.id)}
          />
        )}
        {!runningScan && latestScan === undefined && status.scanCount === 0 && (
          <Text size="sm" c="dimmed">
            A scan reads every field once and keeps a snapshot; later scans read only what changed.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function FailedScanNotice({ scan }: { scan: Scan }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={`The last scan ${scan.state === 'cancelled' ? 'was cancelled' : 'failed'}`}
    >
      {scan.message ?? 'It stopped before reading every field.'} The findings below are from the
      last complete scan.
    </Alert>
  );
}
