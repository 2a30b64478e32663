import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Statistics } from '../../contract/statistics';
import { statisticLink } from './drill-down-links';
import { formatCount, formatShare } from './format';
import classes from './HeadlineNumbers.module.css';

interface Headline {
  statistic: keyof Statistics;
  label: string;
  /** Numbers above zero here are problems to look at. */
  problem?: boolean;
}

const headlines: Headline[] = [
  { statistic: 'total', label: 'Fields in total' },
  { statistic: 'locked', label: 'Locked' },
  { statistic: 'invalid', label: 'Invalid', problem: true },
  { statistic: 'invalidLink', label: 'With broken links', problem: true },
  { statistic: 'archived', label: 'Archived' },
  { statistic: 'onDatasets', label: 'On data sources' },
  { statistic: 'onCards', label: 'On cards' },
  { statistic: 'inVisualizations', label: 'Used in visualizations' },
];

const grid = { cols: { base: 2, sm: 4 }, spacing: 'sm' } as const;

/** Each number opens the fields table with the filters that find the fields it counts. */
export function HeadlineNumbers({ statistics }: { statistics: Statistics }) {
  return (
    <SimpleGrid {...grid}>
      {headlines.map(({ statistic, label, problem }) => {
        const value = statistics[statistic];
        return (
          <Paper
            key={statistic}
            component={Link}
            to={statisticLink(statistic)}
            withBorder
            p="md"
            className={classes.number}
            data-problem={(problem && value > 0) || undefined}
          >
            <Text component="span" className={classes.value}>
              {formatCount(value)}
            </Text>{' '}
            <Text component="span" className={classes.label}>
              {label}
            </Text>
            {statistic !== 'total' && (
              <Text component="span" className={classes.share} aria-hidden>
                {formatShare(value, statistics.total)} of all
              </Text>
            )}
          </Paper>
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
