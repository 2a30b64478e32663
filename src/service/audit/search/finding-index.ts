import type { FindingKey } from '../../../contract/audit';
import { FieldIndex } from '../../store/index/field-index';
import type { Findings } from '../findings/compute-findings';
import { indexColumnsOfFacts } from './index-columns-of-facts';

export class UnknownGroup extends Error {}

/** An index of every field of the findings, searched with the store's own filters and sorts. */
export function wholeIndex(findings: Findings): FieldIndex {
  return new FieldIndex(
    indexColumnsOfFacts(
      findings.fields.values(),
      findings.references.references,
      findings.directory?.owners,
    ),
  );
}

/**
 * An index over just the fields of one finding (or one of its groups), so a
 * drill-down is a page of the fields table like any other.
 */
export function findingIndex(
  findings: Findings,
  key: FindingKey,
  group: string | undefined,
): FieldIndex {
  const finding = findings.byKey[key];
  const ids =
    group === undefined ? finding.ids : finding.groups.find((entry) => entry.key === group)?.ids;
  if (!ids)
    throw new UnknownGroup(`the finding ${key} has no group ${JSON.stringify(group).slice(0, 80)}`);
  const facts = (function* () {
    for (const id of ids) yield findings.fields.get(id)!;
  })();
  return new FieldIndex(
    indexColumnsOfFacts(facts, findings.references.references, findings.directory?.owners),
  );
}
