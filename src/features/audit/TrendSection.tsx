import { Skeleton } from '@mantine/core';
import { useTrend } from '../../api/audit/findings';
import { ErrorState } from '../../components/ErrorState';
import { TrendChart } from './TrendChart';

/** The trend of the problem numbers, with its own loading and error states. */
export function TrendSection() {
  const trend = useTrend();
  if (trend.isError) {
    return (
      <ErrorState
        title="The trend could not be loaded"
        error={trend.error}
        onRetry={() => void trend.refetch()}
      />
    );
  }
  if (!trend.data) return <Skeleton height={320} />;
  return <TrendChart points={trend.data.points} />;
}
