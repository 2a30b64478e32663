import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '../../../components/icons/icons';
import { Link } from 'react-router-dom';
import { howLongAgo, useNow } from '../../../components/how-long-ago';
import type { InstanceData } from '../../../contract/search';

const clockTime = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const fullTimestamp = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/**
 * Proxy mode only: how fresh the table's rows are. The server answers searches
 * from its copy of the instance and says as of when; before its first scan has
 * completed it forwards them, and paging may then repeat or skip fields
 * (docs/proxy.md).
 */
export function InstanceFreshness({ data }: { data: InstanceData }) {
  if (data.source === 'instance') return <StraightFromInstance running={data.firstScanRunning} />;
  return <SnapshotFreshness data={data} />;
}

function SnapshotFreshness({ data }: { data: Extract<InstanceData, { source: 'snapshot' }> }) {
  const now = useNow();
  const asOf = new Date(data.asOf);
  const every = Math.round(data.refreshEveryMs / 1000);
  return (
    <>
      <Group gap={6} wrap="nowrap" role="status" aria-label="Instance data freshness">
        <IconClockHour4 size={16} aria-hidden />
        <Text size="sm" c="dimmed">
          Instance data as of{' '}
          <time dateTime={asOf.toISOString()} title={fullTimestamp.format(asOf)}>
            {clockTime.format(asOf)}
          </time>{' '}
          ({howLongAgo(data.asOf, now)}).{' '}
          {data.listedOnly ? (
            <>
              Listed while the first scan of the instance runs; changes show once it completes (
              <Anchor component={Link} to="/audit" size="sm">
                see its progress
              </Anchor>
              ).
            </>
          ) : (
            <>
              Searches, Refresh included, ask the instance what changed
              {every > 0 ? `, at most every ${every} s` : ''}.
            </>
          )}
          {data.checkingDeletions && ' Checking the instance for deleted fields…'}
        </Text>
      </Group>
      {data.refreshError && (
        <Alert color="yellow" icon={<IconAlertTriangle />} title="Showing older instance data">
          The last refresh did not succeed: {data.refreshError}. The rows are the instance as of{' '}
          {clockTime.format(asOf)}; the next search tries again.
        </Alert>
      )}
    </>
  );
}

function StraightFromInstance({ running }: { running: boolean }) {
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />} title="Pages straight from the instance">
      {running
        ? 'The first scan of the instance is running. Until it completes, '
        : 'No scan of the instance has completed. Until one does, '}
      each page comes straight from the instance, which orders fields with equal names differently
      on every request: paging may show some of them twice and skip others.{' '}
      <Anchor component={Link} to="/audit" size="sm">
        {running ? "See the scan's progress" : 'Start a scan on the audit page'}
      </Anchor>
      .
    </Alert>
  );
}
