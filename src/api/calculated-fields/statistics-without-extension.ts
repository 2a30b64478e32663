// Loaded only on an instance without the statistics route (get-statistics.ts).
import type { SearchFilter } from '../../contract/search';
import { statisticDefinitions, statisticNames } from '../../contract/statistic-definitions';
import { usesOnlyUpstreamFilters } from '../../contract/upstream-allow-list';
import { getSnapshotStatistics } from '../audit/snapshot-statistics';
import { isApiError } from '../api-error';
import type { StatisticsAnswer } from './get-statistics';
import { searchFields } from './search-fields';

async function countMatches(filters: SearchFilter[], signal?: AbortSignal): Promise<number> {
  const page = await searchFields(
    { filters, sort: { field: 'name', ascending: true }, limit: 1 },
    signal,
  );
  return page.totalHits;
}

/** The numbers an instance counts with its own filters; the others need the scan. */
const searchable = statisticNames.filter((name) =>
  usesOnlyUpstreamFilters(statisticDefinitions[name].filters),
);
const fromScanOnly = statisticNames.filter((name) => !searchable.includes(name));

function reason(error: unknown): string {
  if (isApiError(error) && error.status === 404)
    return 'Counted from a scan of the instance: none has finished yet. Start one under Scans.';
  return error instanceof Error ? error.message : 'The count failed.';
}

/**
 * On an instance without the statistics route: each number production can count
 * with its own filters is one search (all asked at once); the others (on data
 * sources, on cards, in visualizations) come from this server's latest scan. Each
 * number stands alone: one that fails carries its reason, and only when every
 * number fails does the whole answer fail.
 */
export async function countStatisticsWithoutExtension(
  signal?: AbortSignal,
): Promise<StatisticsAnswer> {
  const [counts, snapshot] = await Promise.all([
    Promise.allSettled(
      searchable.map((name) => countMatches(statisticDefinitions[name].filters, signal)),
    ),
    getSnapshotStatistics(signal).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    ),
  ]);
  const answer: StatisticsAnswer = { statistics: {}, failures: {}, source: 'searches' };
  const errors: unknown[] = [];
  searchable.forEach((name, index) => {
    const count = counts[index]!;
    if (count.status === 'fulfilled') answer.statistics[name] = count.value;
    else {
      answer.failures[name] = reason(count.reason);
      errors.push(count.reason);
    }
  });
  if ('answer' in snapshot) {
    for (const name of fromScanOnly) answer.statistics[name] = snapshot.answer.statistics[name];
    answer.fromScan = {
      statistics: fromScanOnly,
      finished: snapshot.answer.scanFinished,
      changesSinceScan: snapshot.answer.changesSinceScan,
    };
  } else {
    for (const name of fromScanOnly) answer.failures[name] = reason(snapshot.error);
  }
  if (errors.length === searchable.length) throw errors[0];
  return answer;
}
