import type { FindingKey } from '../../../contract/audit';
import type { Findings } from '../findings/compute-findings';
import type { FindingGroup } from '../findings/finding';

/**
 * Every field's findings and groups in one map, made in one pass over every group:
 * what a drawer or an export read before a field's memberships were read from the
 * findings' ascending ids (findings/field-memberships.ts). The test's answer to
 * compare with, and the bench's "before".
 */
export function everyFieldsMemberships(
  findings: Pick<Findings, 'byKey'>,
): Map<number, Map<FindingKey, FindingGroup[]>> {
  const byField = new Map<number, Map<FindingKey, FindingGroup[]>>();
  const entryOf = (id: number, key: FindingKey) => {
    const memberships = byField.get(id) ?? new Map<FindingKey, FindingGroup[]>();
    byField.set(id, memberships);
    const groups = memberships.get(key) ?? [];
    memberships.set(key, groups);
    return groups;
  };
  for (const finding of Object.values(findings.byKey)) {
    for (const id of finding.ids) entryOf(id, finding.key);
    for (const group of finding.groups)
      for (const id of group.ids) entryOf(id, finding.key).push(group);
  }
  return byField;
}
