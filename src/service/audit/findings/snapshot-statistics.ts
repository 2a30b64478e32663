import type { Statistics } from '../../../contract/statistics';
import { countStatistics } from '../../../contract/statistics';
import { FieldIndex } from '../../store/index/field-index';
import { countingRequest } from '../../store/count-matching';
import { indexColumnsOfFacts } from '../search/index-columns-of-facts';
import type { Findings } from './compute-findings';

const counted = new WeakMap<Findings, Statistics>();

/**
 * The statistics of the fields as last seen (the findings' fields), counted with
 * the same filters as the statistics route, over an index of the snapshot. In
 * proxy mode these are the only answer to the numbers an instance cannot count
 * with its own filters (on data sources, on cards, in visualizations).
 */
export function snapshotStatistics(findings: Findings): Statistics {
  const known = counted.get(findings);
  if (known) return known;
  const index = new FieldIndex(
    indexColumnsOfFacts([...findings.fields.values()], findings.references.references),
  );
  const statistics = countStatistics((filters) => index.search(countingRequest(filters)).totalHits);
  counted.set(findings, statistics);
  return statistics;
}

/**
 * The statistics of `to` from those of `from`, when counted, without counting them
 * again: the two differ by `lockedDelta` locked fields and nothing else a statistic reads.
 */
export function keepStatisticsAfterLock(from: Findings, to: Findings, lockedDelta: number): void {
  const known = counted.get(from);
  if (known) counted.set(to, { ...known, locked: known.locked + lockedDelta });
}
