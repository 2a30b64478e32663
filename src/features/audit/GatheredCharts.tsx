import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useEveryField } from '../../api/calculated-fields/all-matches';
import type { GatherProgress } from '../../api/calculated-fields/all-matches';
import { ErrorState } from '../../components/ErrorState';
import {
  fieldsModifiedPerMonth,
  topDataSourcesByBrokenLinks,
  topOwnersByProblems,
} from './aggregate-fields';
import { formatCount, formatTime } from './format';
import { GatheringProgress } from './GatheringProgress';
import { ModifiedPerMonthChart } from './ModifiedPerMonthChart';
import { TopDataSourcesChart } from './TopDataSourcesChart';
import { TopOwnersChart } from './TopOwnersChart';

function Stopped({
  progress,
  onRestart,
}: {
  progress: GatherProgress | null;
  onRestart: () => void;
}) {
  return (
    <Alert color="gray" variant="light" icon={<IconPlayerStop />} title="Reading stopped">
      <Text size="sm">
        {progress &&
          `Stopped after ${formatCount(progress.loaded)} of ${formatCount(progress.total)} fields. `}
        These charts need every field of the instance.
      </Text>
      <Button
        mt="sm"
        size="xs"
        variant="filled"
        leftSection={<IconRefresh size={14} />}
        onClick={onRestart}
      >
        Read every field
      </Button>
    </Alert>
  );
}

/** Charts that need every field, not only counts: gathered page by page, kept for the session. */
export function GatheredCharts() {
  const headingId = useId();
  const { query, progress, cancel } = useEveryField();
  const gathering = query.fetchStatus === 'fetching';
  const gathered = query.data;
  const charts = useMemo(
    () =>
      gathered && {
        owners: topOwnersByProblems(gathered.fields),
        dataSources: topDataSourcesByBrokenLinks(gathered.fields),
        months: fieldsModifiedPerMonth(gathered.fields),
      },
    [gathered],
  );
  const restart = () => void query.refetch();

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <div>
        <Title order={2} size="h3" id={headingId}>
          Who owns the problems, and when fields change
        </Title>
        {gathered && (
          <Text size="sm" c="dimmed">
            From all {formatCount(gathered.fields.length)} fields, read at{' '}
            {formatTime(gathered.gatheredAt)}.
          </Text>
        )}
      </div>
      {gathering && <GatheringProgress progress={progress} onCancel={() => void cancel()} />}
      {query.isPending && !gathering && <Stopped progress={progress} onRestart={restart} />}
      {query.isError && !gathering && (
        <ErrorState
          title="The fields for these charts could not be read"
          error={query.error}
          onRetry={restart}
        />
      )}
      {/* Busy around the charts only: a busy region would hold back the progress announcements. */}
      <Stack gap="sm" aria-busy={gathering} data-testid="gathered-charts">
        {query.isPending && gathering && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Skeleton height={420} />
            <Skeleton height={420} />
          </SimpleGrid>
        )}
        {charts && (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <TopOwnersChart owners={charts.owners} />
              <TopDataSourcesChart dataSources={charts.dataSources} />
            </SimpleGrid>
            <ModifiedPerMonthChart months={charts.months} />
          </>
        )}
      </Stack>
    </Stack>
  );
}
