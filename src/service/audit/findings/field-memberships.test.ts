import { expect, it } from 'vitest';
import type { FindingKey } from '../../../contract/audit';
import { findingKeys } from '../../../contract/audit';
import { demoFacts } from '../test-support/demo-facts';
import { computeFindings } from './compute-findings';
import type { FindingGroup } from './finding';
import { fieldMemberships, findingKeysOf } from './field-memberships';

const findings = computeFindings(demoFacts(600, 3), () => new Map());

/** What a field's memberships were: a map of every field's, made in one pass over every group. */
function everyFieldsMemberships() {
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

it("each field's findings and groups, and an export's finding keys, in order, as a map of every field's had them", () => {
  const expected = everyFieldsMemberships();
  // A field in several groups of one finding, and one in no finding, among them.
  const inGroups = (id: number) =>
    [...(expected.get(id)?.values() ?? [])].some((groups) => groups.length > 1);
  const ids = [...findings.fields.values()].map(({ id }) => id);
  expect(ids.some(inGroups)).toBe(true);
  expect(ids.some((id) => !expected.has(id))).toBe(true);

  for (const id of [...ids, 0, 99_999]) {
    const answer = fieldMemberships(findings, id);
    expect([...answer.keys()], `field ${id}`).toEqual([...(expected.get(id)?.keys() ?? [])]);
    for (const [key, groups] of answer) {
      expect(groups, `field ${id} in ${key}`).toEqual(expected.get(id)!.get(key));
    }
    const keys = findingKeysOf(findings, id).map(({ key }) => key);
    expect(keys, `field ${id}`).toEqual(findingKeys.filter((key) => expected.get(id)?.has(key)));
  }
});
