import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../contract/paths';
import type { SearchFilter } from '../../contract/search';
import type { Statistics } from '../../contract/statistics';
import { statisticDefinitions, statisticNames, statisticsSchema } from '../../contract/statistics';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { fieldKeys } from './field-keys';
import { searchFields } from './search-fields';

/** Where the numbers came from: the statistics extension, or one search per number. */
export type StatisticsSource = 'extension' | 'searches';

export interface StatisticsAnswer {
  statistics: Statistics;
  source: StatisticsSource;
}

function extensionMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 405);
}

async function countMatches(filters: SearchFilter[], signal?: AbortSignal): Promise<number> {
  const page = await searchFields(
    { filters, sort: { field: 'name', ascending: true }, limit: 1 },
    signal,
  );
  return page.totalHits;
}

/** Every number counted with its own search (statisticDefinitions), all asked at once. */
export async function countStatisticsBySearch(signal?: AbortSignal): Promise<Statistics> {
  const counts = await Promise.all(
    statisticNames.map((name) => countMatches(statisticDefinitions[name].filters, signal)),
  );
  return Object.fromEntries(
    statisticNames.map((name, index) => [name, counts[index]]),
  ) as Statistics;
}

export async function getStatistics(signal?: AbortSignal): Promise<StatisticsAnswer> {
  try {
    const statistics = await requestJson(apiPaths.statistics, statisticsSchema, { signal });
    return { statistics, source: 'extension' };
  } catch (error) {
    if (!extensionMissing(error)) throw error;
  }
  return { statistics: await countStatisticsBySearch(signal), source: 'searches' };
}

export const statisticsKey = [...fieldKeys.all, 'statistics'] as const;

export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: statisticsKey,
    queryFn: ({ signal }) => getStatistics(signal),
  });
}

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
