import type { SearchFilter } from './search';
import type { Statistic, Statistics } from './statistics';

// Apart from statistics.ts's schema: the audit page reads its numbers without zod
// (statistics-quick-read.ts).

/**
 * What each statistic counts, as the search that finds exactly those fields: the
 * one definition the service counts with, the app falls back to on an instance
 * without the statistics route, and drill-downs open.
 */
export const statisticDefinitions: Record<Statistic, { meaning: string; filters: SearchFilter[] }> =
  {
    total: { meaning: 'every calculated field, variables included', filters: [] },
    onDatasets: {
      meaning: 'fields with a visible link to a data source',
      filters: [{ field: 'ondataset' }],
    },
    onCards: {
      meaning: 'fields without a visible data-source link: saved on a card',
      filters: [{ field: 'notondataset' }],
    },
    inVisualizations: {
      meaning: 'fields with an active link to a card',
      filters: [{ field: 'invisualization' }],
    },
    locked: { meaning: 'fields locked against change', filters: [{ field: 'locked' }] },
    invalid: { meaning: 'fields whose status is not VALID', filters: [{ field: 'invalid' }] },
    invalidLink: {
      meaning: 'fields with a link whose validity is not VALID',
      filters: [{ field: 'invalidlink' }],
    },
    archived: { meaning: 'archived fields', filters: [{ field: 'archived' }] },
  };

export const statisticNames = Object.keys(statisticDefinitions) as Statistic[];

/** Builds the statistics from a way to count the fields a set of filters matches. */
export function countStatistics(count: (filters: SearchFilter[]) => number): Statistics {
  return Object.fromEntries(
    statisticNames.map((name) => [name, count(statisticDefinitions[name].filters)]),
  ) as Statistics;
}
