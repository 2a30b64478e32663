import type { FieldFindingKeys, FindingKey } from '../../../contract/audit';
import { findingKeys } from '../../../contract/audit';
import type { Findings } from './compute-findings';
import type { FindingGroup } from './finding';

/** The findings one field is in, each with the groups of it that hold the field (none for a finding without groups). */
export type FieldMemberships = ReadonlyMap<FindingKey, readonly FindingGroup[]>;

/**
 * Field id -> the findings that name it: one pass over every finding's groups, so a
 * field's findings are then read without scanning every finding.
 */
export function fieldMemberships(findings: Findings): Map<number, Map<FindingKey, FindingGroup[]>> {
  const byField = new Map<number, Map<FindingKey, FindingGroup[]>>();
  const entryOf = (id: number, key: FindingKey) => {
    let memberships = byField.get(id);
    if (!memberships) byField.set(id, (memberships = new Map()));
    let groups = memberships.get(key);
    if (!groups) memberships.set(key, (groups = []));
    return groups;
  };
  for (const finding of Object.values(findings.byKey)) {
    for (const id of finding.ids) entryOf(id, finding.key);
    for (const group of finding.groups)
      for (const id of group.ids) entryOf(id, finding.key).push(group);
  }
  return byField;
}

/**
 * The findings that hold one field, in the findings' order (as the drawer lists them),
 * each with what it says of the field where it says more than its rule.
 */
export function findingKeysOf(
  findings: Findings,
  fieldId: number,
  memberships: FieldMemberships,
): FieldFindingKeys['findings'] {
  return findingKeys
    .filter((key) => memberships.has(key))
    .map((key) => {
      const note = findings.byKey[key].notes.get(fieldId);
      return note === undefined ? { key } : { key, note };
    });
}
