import { Alert, Button, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconRefresh } from '../../components/icons/icons';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { auditKeys } from '../../api/audit/audit-keys';
import { useAuditStatus } from '../../api/audit/audit-status';
import { useFindings, useTrend } from '../../api/audit/findings';
import { useFollowAuditVersion } from '../../api/audit/follow-audit-version';
import { useScans } from '../../api/audit/scans';
import { statisticsKey, useStatistics } from '../../api/calculated-fields/get-statistics';
import { DateTime } from '../../components/DateTime';
import { ErrorState } from '../../components/ErrorState';
import { useInAppLinkClicks } from '../../components/in-app-links';
import { useDocumentTitle } from '../../components/use-document-title';
import type { FindingsAnswer } from '../../contract/audit';
import { FindingCard } from './FindingCard';
import { fixOrder } from './fix-first';
import { FixFirstList } from './FixFirstList';
import { FindingsFreshness } from './FindingsFreshness';
import { HeadlineNumbers, HeadlineSkeleton } from './HeadlineNumbers';
import { ProblemsTable } from './ProblemsTable';
import { FailedScanNotice, ScanPanel } from './ScanPanel';
import { ScanDiff } from './ScanDiff';
import { TrendSection } from './TrendSection';
import { plural } from '../../components/plural';

function Section({
  title,
  busy,
  children,
}: {
  title: string;
  busy?: boolean;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} aria-busy={busy} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Counts asked of the instance now, before and apart from any scan. */
function LiveCounts() {
  const statistics = useStatistics();
  const answer = statistics.data;
  return (
    <Section title="At a glance" busy={statistics.isFetching}>
      {statistics.isPending && <HeadlineSkeleton />}
      {statistics.isError && (
        <ErrorState
          title="The numbers could not be loaded"
          error={statistics.error}
          onRetry={() => void statistics.refetch()}
        />
      )}
      {answer && answer.statistics.total === 0 && (
        <EmptyState
          icon={<IconChartBar />}
          title="This instance has no calculated fields"
          description="Numbers and findings appear here once fields exist."
        />
      )}
      {answer && answer.statistics.total !== 0 && (
        <>
          <HeadlineNumbers statistics={answer.statistics} failures={answer.failures} />
          {answer.source === 'searches' && (
            <Text size="sm" c="dimmed">
              This instance does not offer statistics: each number it can count with its own filters
              is one search
              {answer.fromScan && (
                <>
                  ; on data sources, on cards and used in visualizations are counted from the scan
                  finished <DateTime epochMs={answer.fromScan.finished} withTime />
                  {answer.fromScan.changesSinceScan > 0 &&
                    ` and the ${plural(answer.fromScan.changesSinceScan, 'change', 'changes')} made through this server since`}
                </>
              )}
              .
            </Text>
          )}
        </>
      )}
    </Section>
  );
}

/** The top of the page: the findings worth fixing, most urgent first. */
function FixFirst({ answer }: { answer: FindingsAnswer }) {
  const trend = useTrend();
  return (
    <Section title="Fix these first">
      <FindingsFreshness
        scanFinished={answer.scanFinished}
        changesSinceScan={answer.changesSinceScan}
      />
      <FixFirstList answer={answer} points={trend.data?.points} />
    </Section>
  );
}

/** Findings with fields, in the order the list ranks them; nested, not a problem in itself, last. */
const detailOrder = [...fixOrder, 'nested' as const];

function Findings({ answer }: { answer: FindingsAnswer }) {
  const shown = detailOrder.flatMap((key) =>
    answer.findings.filter((finding) => finding.key === key && finding.count > 0),
  );
  return (
    <>
      <Section title="Findings of the latest scan">
        {!answer.columnsKnown && (
          <Alert variant="light" color="yellow" title="Columns inferred">
            This instance does not list its data sources’ columns, so broken references are judged
            by the links’ own validity and names are shown as ids.
          </Alert>
        )}
        {shown.map((finding) => (
          <FindingCard key={finding.key} finding={finding} />
        ))}
      </Section>
      <Section title="Who owns the problems">
        <ProblemsTable title="By owner" by="owner" table={answer.owners} />
        <ProblemsTable title="By data source" by="dataSource" table={answer.dataSources} />
      </Section>
    </>
  );
}

export function AuditPage() {
  useDocumentTitle('Audit');
  // Everything the page shows is asked for at once; the answers follow the status's version.
  const status = useAuditStatus();
  const findings = useFindings();
  const scans = useScans();
  useTrend();
  useFollowAuditVersion(status.data?.version, findings.data?.version);
  const lastScan = scans.data?.scans[0];
  const client = useQueryClient();
  const refreshing = useIsFetching({ queryKey: statisticsKey }) > 0;
  const followInAppLinks = useInAppLinkClicks();
  // Changes show by themselves; this asks the instance's live counts and the audit again now.
  const refresh = () => {
    void client.refetchQueries({ queryKey: statisticsKey });
    void client.refetchQueries({ queryKey: auditKeys.all });
  };

  return (
    <Stack p="md" gap="xl" onClick={followInAppLinks}>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Audit
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={refresh}
          loading={refreshing}
        >
          Refresh
        </Button>
      </Group>
      {findings.isPending && <Skeleton height={240} />}
      {findings.data && <FixFirst answer={findings.data} />}
      <LiveCounts />
      {status.isPending && <Skeleton height={90} />}
      {status.isError && (
        <ErrorState
          title="The audit could not be reached"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      )}
      {status.data && <ScanPanel status={status.data} />}
      {lastScan &&
        !status.data?.runningScan &&
        (lastScan.state === 'failed' || lastScan.state === 'cancelled') && (
          <FailedScanNotice scan={lastScan} />
        )}
      {findings.isError && (
        <ErrorState
          title="The findings could not be loaded"
          error={findings.error}
          onRetry={() => void findings.refetch()}
        />
      )}
      {findings.data && <Findings answer={findings.data} />}
      {findings.data && (
        <Section title="Change over time">
          <TrendSection />
          {scans.isError && (
            <ErrorState
              title="The scans could not be listed"
              error={scans.error}
              onRetry={() => void scans.refetch()}
            />
          )}
          {scans.data && <ScanDiff scans={scans.data.scans} />}
        </Section>
      )}
    </Stack>
  );
}
