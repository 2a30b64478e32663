import { useTrend } from '../../api/audit/findings';
import { Skeleton } from '@mantine/core';
import { ErrorState } from '../../components/ErrorState';
import { TrendChart } from './TrendChart';

/** The part of the page drawn with recharts, loaded apart so that the numbers do not wait for it. */
export function AuditCharts({ version }: { version: number }) {
  const trend = useTrend(version);
  if (trend.isError) {
    return (
      <ErrorState
        title="The trend could not be loaded"
        error={trend.error}
        onRetry={() => void trend.refetch()}
      />
    );
  }
  if (!trend.data) return <Skeleton height={300} />;
  return <TrendChart points={trend.data.points} />;
}
