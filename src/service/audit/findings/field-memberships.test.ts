import { expect, it } from 'vitest';
import { findingKeys } from '../../../contract/audit';
import { demoFacts } from '../test-support/demo-facts';
import { everyFieldsMemberships } from '../test-support/every-fields-memberships';
import { computeFindings } from './compute-findings';
import { fieldMemberships, findingKeysOf } from './field-memberships';

const findings = computeFindings(demoFacts(600, 3), () => new Map());

it("each field's findings and groups, and an export's finding keys, in order, as a map of every field's had them", () => {
  const expected = everyFieldsMemberships(findings);
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
