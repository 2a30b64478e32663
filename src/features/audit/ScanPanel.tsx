import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '../../components/icons/icons';
import { RunningScan } from '../../components/RunningScan';
import type { AuditStatus, Scan } from '../../contract/audit';
import { useScanControls } from '../../api/audit/scans';
import { DateTime } from '../../components/DateTime';
import { ErrorState } from '../../components/ErrorState';
import { formatBytes, formatCount } from './format';
import { plural } from '../../components/plural';

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
