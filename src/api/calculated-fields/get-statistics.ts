import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../contract/paths';
import type { Statistic, Statistics } from '../../contract/statistics';
import { isApiError } from '../api-error';
import { quickReadStatistics } from '../../contract/statistics-quick-read';
import { requestAnswer } from '../http-client';
import { parseResponse } from '../parse-response';
import { fieldKeys } from './field-keys';

/** Where the numbers came from: the statistics extension, or searches and the latest scan. */
export type StatisticsSource = 'extension' | 'searches';

export interface StatisticsAnswer {
  /** Every number that could be counted. */
  statistics: Partial<Statistics>;
  /** Why a number could not be counted, in words to show beside it. */
  failures: Partial<Record<Statistic, string>>;
  source: StatisticsSource;
  /** The numbers taken from this server's latest scan, and when that scan finished. */
  fromScan?: { statistics: Statistic[]; finished: number; changesSinceScan: number };
}

/**
 * The numbers as the contract reads them: an answer of the contract's shape without zod
 * (the audit page draws them before zod has loaded), any other by the contract's
 * schema, loaded then, which names what is wrong.
 */
async function readStatistics(data: unknown): Promise<Statistics> {
  const statistics = quickReadStatistics(data);
  if (statistics) return statistics;
  const { statisticsSchema } = await import('../../contract/statistics');
  return parseResponse(statisticsSchema, data, apiPaths.statistics);
}

function extensionMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 405);
}

export async function getStatistics(signal?: AbortSignal): Promise<StatisticsAnswer> {
  try {
    const statistics = await requestAnswer(apiPaths.statistics, readStatistics, { signal });
    return { statistics, failures: {}, source: 'extension' };
  } catch (error) {
    if (!extensionMissing(error)) throw error;
  }
  const { countStatisticsWithoutExtension } = await import('./statistics-without-extension');
  return countStatisticsWithoutExtension(signal);
}

export const statisticsKey = [...fieldKeys.all, 'statistics'] as const;

/**
 * Asked for at once. When the audit's version moves (a scan finished, a change
 * through this server), useFollowAuditVersion asks again, so the numbers counted
 * from the scan follow.
 */
export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: statisticsKey,
    queryFn: ({ signal }) => getStatistics(signal),
  });
}
