import type {
  FindingKey,
  FindingSummary,
  RecordedHeadline,
  TrendPoint,
} from '../../contract/audit';
import { findingHeadlines } from '../../contract/audit';

/**
 * The order findings are worth fixing in: what breaks cards now first (invalid fields,
 * broken references, fields built on them), then what costs upkeep (duplicates to merge,
 * unused fields to remove, fields whose owner has left, names that read as what they are
 * not), then style. Nested is not a problem in itself, so not listed.
 */
export const fixOrder: readonly FindingKey[] = [
  'invalid',
  'broken-references',
  'broken-dependencies',
  'exact-duplicates',
  'unused',
  'inactive-owners',
  'hidden-name-characters',
  'near-duplicates',
  'lint',
];

export interface FixFirstRow {
  finding: FindingSummary;
  /**
   * Fields more (or fewer, below zero) than at the scan before; 'not counted' when that
   * scan kept no number for the finding (it was recorded before the finding was counted);
   * undefined without a scan before.
   */
  change?: number | 'not counted';
}

/** The scan kept before `scanId`, whose numbers a change is counted from. */
export function previousPoint(points: readonly TrendPoint[], scanId: number) {
  return points.filter((point) => point.scanId < scanId).at(-1);
}

/** The finding's count against its number at the scan before (FixFirstRow's `change`). */
function changeSince(finding: FindingSummary, previous?: RecordedHeadline): FixFirstRow['change'] {
  const headline = findingHeadlines[finding.key];
  if (!previous || !headline) return undefined;
  const before = previous[headline];
  return before === undefined ? 'not counted' : finding.count - before;
}

/** The findings with fields, in fixOrder, each with its change since `previous`. */
export function fixFirstRows(
  findings: readonly FindingSummary[],
  previous?: RecordedHeadline,
): FixFirstRow[] {
  const byKey = new Map(findings.map((finding) => [finding.key, finding]));
  return fixOrder.flatMap((key) => {
    const finding = byKey.get(key);
    if (!finding || finding.count === 0) return [];
    return [{ finding, change: changeSince(finding, previous) }];
  });
}
