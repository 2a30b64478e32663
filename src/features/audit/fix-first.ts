import type { FindingKey, FindingSummary, Headline, TrendPoint } from '../../contract/audit';
import { findingHeadlines } from '../../contract/audit';

/**
 * The order findings are worth fixing in: what breaks cards now first (invalid fields,
 * broken references, fields built on them), then what costs upkeep (duplicates to merge,
 * unused fields to remove, fields whose owner has left), then style. Nested is not a problem in itself, so not listed.
 */
export const fixOrder: readonly FindingKey[] = [
  'invalid',
  'broken-references',
  'broken-dependencies',
  'exact-duplicates',
  'unused',
  'inactive-owners',
  'near-duplicates',
  'lint',
];

export interface FixFirstRow {
  finding: FindingSummary;
  /** Fields more (or fewer, below zero) than at the scan before; undefined without one. */
  change?: number;
}

/** The scan kept before `scanId`, whose numbers a change is counted from. */
export function previousPoint(points: readonly TrendPoint[], scanId: number) {
  return points.filter((point) => point.scanId < scanId).at(-1);
}

/** The findings with fields, in fixOrder, each with its change since `previous`. */
export function fixFirstRows(
  findings: readonly FindingSummary[],
  previous?: Headline,
): FixFirstRow[] {
  const byKey = new Map(findings.map((finding) => [finding.key, finding]));
  return fixOrder.flatMap((key) => {
    const finding = byKey.get(key);
    if (!finding || finding.count === 0) return [];
    const headline = findingHeadlines[key];
    const before = headline && previous?.[headline];
    return [{ finding, ...(before === undefined ? {} : { change: finding.count - before }) }];
  });
}
