import type { FindingKey } from '../../../contract/audit';
import { FieldIndex } from '../../store/index/field-index';
import type { Findings } from '../findings/compute-findings';
import { indexColumnsOfFacts } from './index-columns-of-facts';

export class UnknownGroup extends Error {}

/** An index of every field of the findings, searched with the store's own filters and sorts. */
export function wholeIndex(findings: Findings): FieldIndex {
  return new FieldIndex(
    indexColumnsOfFacts(
      findings.fields.briefs(),
      findings.references.references,
      findings.directory?.owners,
    ),
  );
}

/**
 * The ids of one finding's fields (or one of its groups'). Its drill-down searches
 * the index of every field among just these (FieldIndex.subset), so a first page
 * builds no index of its own: that held the thread that answers requests 0.1 to
 * 0.6 s a finding at 100,000 fields (bench/results/finding-indexes.md).
 */
export function findingIds(
  findings: Findings,
  key: FindingKey,
  group: string | undefined,
): readonly number[] {
  const finding = findings.byKey[key];
  const ids = group === undefined ? finding.ids : finding.groups.withKey(group)?.ids;
  if (!ids)
    throw new UnknownGroup(`the finding ${key} has no group ${JSON.stringify(group).slice(0, 80)}`);
  return ids;
}
