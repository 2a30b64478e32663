import { SimpleGrid, Skeleton } from '@mantine/core';
import type { Statistic, Statistics } from '../../contract/statistics';
import { statisticLink } from './drill-down-links';
import { NumberCard, UncountedNumberCard } from './NumberCard';

interface Headline {
  statistic: keyof Statistics;
  label: string;
}

/**
 * What the instance holds now. Its problems (invalid, broken links) are not repeated
 * here: the ranked list above counts them, each with the way to fix it.
 */
const headlines: Headline[] = [
  { statistic: 'total', label: 'Fields in total' },
  { statistic: 'locked', label: 'Locked' },
  { statistic: 'archived', label: 'Archived' },
  { statistic: 'onDatasets', label: 'On data sources' },
  { statistic: 'onCards', label: 'On cards' },
  { statistic: 'inVisualizations', label: 'Used in visualizations' },
];

const grid = { cols: { base: 2, sm: 3, lg: 6 }, spacing: 'sm' } as const;

/**
 * Each number opens the fields table with the filters that find the fields it
 * counts. A number that could not be counted says why, in its own place.
 */
export function HeadlineNumbers({
  statistics,
  failures = {},
}: {
  statistics: Partial<Statistics>;
  failures?: Partial<Record<Statistic, string>>;
}) {
  return (
    <SimpleGrid {...grid}>
      {headlines.map(({ statistic, label }) => {
        const value = statistics[statistic];
        if (value === undefined)
          return (
            <UncountedNumberCard
              key={statistic}
              label={label}
              reason={failures[statistic] ?? 'Not counted.'}
            />
          );
        return (
          <NumberCard
            key={statistic}
            value={value}
            label={label}
            to={statisticLink(statistic)}
            total={statistic === 'total' ? undefined : statistics.total}
          />
        );
      })}
    </SimpleGrid>
  );
}

export function HeadlineSkeleton() {
  return (
    <SimpleGrid {...grid} role="status" aria-label="Loading the numbers">
      {headlines.map(({ statistic }) => (
        <Skeleton key={statistic} height={104} />
      ))}
    </SimpleGrid>
  );
}
