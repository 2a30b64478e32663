import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuditStatus } from '../../api/audit/audit-status';
import { asSentence } from '../../api/api-error';
import { useScanControls } from '../../api/audit/scans';
import { ErrorState } from '../../components/ErrorState';
import { RunningScan } from '../../components/RunningScan';
import { IconPlayerPlay } from '../../components/icons/icons';
import { NO_SCAN_YET } from '../../contract/no-scan-yet';

/**
 * A fix is previewed from the audit's copy of the instance: before the first scan has
 * finished there is nothing to preview, so the page offers the scan (the Audit page's
 * Scan now) instead of an error, or shows the one running as the Audit page does, and
 * shows the fix once the scan is done. When the
 * status cannot be read, the fix is shown and says what its own request met.
 */
export function ScanFirst({ children }: { children: ReactNode }) {
  const status = useAuditStatus();
  const { start, cancel } = useScanControls();
  if (status.isPending) return <Loader size="sm" role="status" aria-label="Reading the audit" />;
  if (!status.data || status.data.latestScan) return children;
  const { runningScan } = status.data;
  return (
    <Stack gap="sm">
      {runningScan ? (
        <>
          <Text size="sm">Scanning the instance: the fix opens when the scan has finished.</Text>
          <RunningScan scan={runningScan} onCancel={() => cancel.mutate(runningScan.id)} />
        </>
      ) : start.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Starting a scan: the fix opens when the scan has finished.</Text>
        </Group>
      ) : (
        <>
          <Text size="sm">{asSentence(NO_SCAN_YET)}</Text>
          <Button
            w="fit-content"
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => start.mutate()}
          >
            Scan now
          </Button>
        </>
      )}
      {start.isError && (
        <ErrorState
          title="The scan could not start"
          error={start.error}
          onRetry={() => start.mutate()}
        />
      )}
    </Stack>
  );
}
