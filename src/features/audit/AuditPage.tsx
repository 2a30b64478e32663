import { Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconRefresh } from '../../components/icons/icons';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { auditKeys } from '../../api/audit/audit-keys';
import { statisticsKey, statisticsQueryOptions } from '../../api/calculated-fields/get-statistics';
import { DateTime } from '../../components/DateTime';
import { ErrorState } from '../../components/ErrorState';
import { useInAppLinkClicks } from '../../components/in-app-links';
import { useDocumentTitle } from '../../components/use-document-title';
import { useValueAfterPaint } from '../../components/use-value-after-paint';
import { AuditSection } from './AuditSection';
import { fixFirstPlaceholder, scanPanelPlaceholder } from './AuditPlaceholders';
import { HeadlineNumbers, HeadlineSkeleton } from './HeadlineNumbers';
import { prefetchAuditFindings } from './prefetch-audit-findings';
import { plural } from '../../components/plural';

// The headline numbers are drawn as soon as their answer is in; the findings' code
// (their cards, tables and charts, most of the page's) and answers are asked for once
// the page has been painted: asked for as the page's code ran, they arrived while the
// numbers were drawn, and running the code held their paint
// (bench/results/audit-first-screen.md).
const sections = () => import('./AuditFindingsSections');
const FixFirstSection = lazy(async () => ({ default: (await sections()).FixFirstSection }));
const ScansAndFindingsSections = lazy(async () => ({
  default: (await sections()).ScansAndFindingsSections,
}));

/** Counts asked of the instance now, before and apart from any scan. */
function LiveCounts() {
  const statistics = useQuery(statisticsQueryOptions());
  const answer = statistics.data;
  return (
    <AuditSection title="At a glance" busy={statistics.isFetching}>
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
    </AuditSection>
  );
}

export function AuditPage() {
  useDocumentTitle('Audit');
  const client = useQueryClient();
  const refreshing = useIsFetching({ queryKey: statisticsKey }) > 0;
  const followInAppLinks = useInAppLinkClicks();
  const painted = useValueAfterPaint(true, false);
  useEffect(() => {
    if (painted) prefetchAuditFindings(client);
  }, [painted, client]);
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
      <Suspense fallback={fixFirstPlaceholder}>
        {painted ? <FixFirstSection /> : fixFirstPlaceholder}
      </Suspense>
      <LiveCounts />
      <Suspense fallback={scanPanelPlaceholder}>
        {painted ? <ScansAndFindingsSections /> : scanPanelPlaceholder}
      </Suspense>
    </Stack>
  );
}
