import { analyzeExpression } from '../../../analysis/analyze-expression';
import type {
  FieldFinding,
  FieldFindingCause,
  FindingField,
  FindingKey,
} from '../../../contract/audit';
import { findingKeys, findingRules, findingTitles } from '../../../contract/audit';
import type { Findings } from './compute-findings';
import { groupLabel } from './describe-findings';
import type { FindingGroup } from './finding';
import type { FieldMemberships } from './field-memberships';

/** Other fields of a duplicate group named in one answer; the rest are counted. */
const OTHERS_NAMED = 10;

/**
 * Every finding of `findings` for one field, each with its rule, the field's groups
 * in words and, where there is one, its cause traced: the broken field a dependency
 * leads to and why it is broken, or the other fields of a duplicate group.
 */
export function explainFieldFindings(
  findings: Findings,
  fieldId: number,
  membershipsOf: (fieldId: number) => FieldMemberships,
): FieldFinding[] {
  return findingKeys.flatMap((key): FieldFinding[] => {
    const groups = membershipsOf(fieldId).get(key);
    if (!groups) return [];
    const note = findings.byKey[key].notes.get(fieldId);
    const cause = causeOf(findings, key, fieldId, groups, membershipsOf);
    return [
      {
        key,
        title: findingTitles[key],
        rule: findingRules[key],
        groups: groups.map((group) => ({
          key: group.key,
          label: groupLabel(findings, key, group),
        })),
        ...(note === undefined ? {} : { note }),
        ...(cause ? { cause } : {}),
      },
    ];
  });
}

function causeOf(
  findings: Findings,
  key: FindingKey,
  fieldId: number,
  groups: readonly FindingGroup[],
  membershipsOf: (fieldId: number) => FieldMemberships,
): FieldFindingCause | undefined {
  const group = groups[0];
  if (!group) return undefined;
  if (key === 'broken-dependencies' && group.cause !== undefined)
    return dependencyCause(findings, fieldId, group.cause, membershipsOf);
  if (key === 'exact-duplicates' || key === 'near-duplicates') {
    const others = group.ids.filter((id) => id !== fieldId);
    return {
      kind: 'others',
      fields: others.slice(0, OTHERS_NAMED).map((id) => fieldOf(findings, id)),
      more: Math.max(0, others.length - OTHERS_NAMED),
    };
  }
  return undefined;
}

function fieldOf(findings: Findings, id: number): FindingField {
  const field = findings.fields.get(id);
  return field ? { id, name: field.name, status: field.status } : { id };
}

function dependencyCause(
  findings: Findings,
  fieldId: number,
  brokenId: number,
  membershipsOf: (fieldId: number) => FieldMemberships,
): FieldFindingCause {
  const path = pathBetween(findings.references.references, fieldId, brokenId);
  const problem = firstProblem(findings, brokenId, membershipsOf(brokenId));
  return {
    kind: 'dependency',
    broken: fieldOf(findings, brokenId),
    through: path.slice(1, -1).map((id) => fieldOf(findings, id)),
    ...(problem ? { problem } : {}),
  };
}

/**
 * The shortest chain of nesting from one field to another, both ends included
 * (breadth first over the ids as written, a deleted field's too).
 */
function pathBetween(
  nests: ReadonlyMap<number, readonly number[]>,
  from: number,
  to: number,
): number[] {
  const cameFrom = new Map<number, number>([[from, from]]);
  const queue = [from];
  for (let head = 0; head < queue.length && !cameFrom.has(to); head += 1) {
    const id = queue[head]!;
    for (const next of nests.get(id) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, id);
      queue.push(next);
    }
  }
  if (!cameFrom.has(to)) return [from, to];
  const path = [to];
  while (path[0] !== from) path.unshift(cameFrom.get(path[0]!)!);
  return path;
}

/**
 * Why a field is broken: the analyzer's first problem in its expression with its
 * position, or else what the invalid finding says of it, or the names its links'
 * data sources lack (with the data sources' names, as the audit's groups give them).
 */
function firstProblem(
  findings: Findings,
  id: number,
  memberships: FieldMemberships,
): { message: string; position?: number } | undefined {
  if (!findings.fields.has(id)) return undefined;
  const expression = findings.expressions([id]).get(id);
  const first = expression === undefined ? undefined : analyzeExpression(expression).problems[0];
  if (first) return { message: first.message, position: first.start };
  const invalid = findings.byKey.invalid.notes.get(id);
  if (invalid !== undefined) return { message: invalid };
  const missing = memberships.get('broken-references') ?? [];
  if (missing.length === 0) return undefined;
  const labels = missing.map((group) => groupLabel(findings, 'broken-references', group));
  return { message: labels.join('; ') };
}
