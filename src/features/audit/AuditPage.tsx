import { Button, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId } from 'react';
import { everyFieldKey } from '../../api/calculated-fields/all-matches';
import { statisticsKey, useStatistics } from '../../api/calculated-fields/get-statistics';
import { ErrorState } from '../../components/ErrorState';
import { useDocumentTitle } from '../../components/use-document-title';
import { HeadlineNumbers, HeadlineSkeleton } from './HeadlineNumbers';

const loadCharts = () => import('./AuditCharts');
const AuditCharts = lazy(async () => ({ default: (await loadCharts()).AuditCharts }));

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-label="Loading the charts">
      <Skeleton height={230} />
      <Skeleton height={230} />
    </SimpleGrid>
  );
}

function EmptyInstance() {
  return (
    <EmptyState
      icon={<IconChartBar />}
      title="This instance has no calculated fields"
      description="Numbers and charts appear here once fields exist."
    />
  );
}

export function AuditPage() {
  const headingId = useId();
  useDocumentTitle('Audit');
  const statistics = useStatistics();
  const client = useQueryClient();
  const answer = statistics.data;
  // The charts' code downloads while the numbers are asked for, not after.
  useEffect(() => void loadCharts(), []);
  const refresh = () => {
    void client.refetchQueries({ queryKey: statisticsKey });
    void client.refetchQueries({ queryKey: everyFieldKey });
  };

  return (
    <Stack p="md" gap="xl">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Audit
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={refresh}
          loading={statistics.isFetching && !statistics.isPending}
        >
          Refresh
        </Button>
      </Group>
      <Stack
        component="section"
        aria-labelledby={headingId}
        aria-busy={statistics.isFetching}
        gap="sm"
      >
        <Title order={2} size="h3" id={headingId}>
          At a glance
        </Title>
        {statistics.isPending && <HeadlineSkeleton />}
        {statistics.isError && (
          <ErrorState
            title="The numbers could not be loaded"
            error={statistics.error}
            onRetry={() => void statistics.refetch()}
          />
        )}
        {answer && answer.statistics.total === 0 && <EmptyInstance />}
        {answer && answer.statistics.total > 0 && (
          <>
            <HeadlineNumbers statistics={answer.statistics} />
            {answer.source === 'searches' && (
              <Text size="sm" c="dimmed">
                Counted with one search each: this instance does not offer statistics.
              </Text>
            )}
          </>
        )}
      </Stack>
      {statistics.isPending && <ChartsSkeleton />}
      {answer && answer.statistics.total > 0 && (
        <Suspense fallback={<ChartsSkeleton />}>
          <AuditCharts statistics={answer.statistics} />
        </Suspense>
      )}
    </Stack>
  );
}
