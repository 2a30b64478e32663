import { unknownFieldProblem } from '../../../../analysis/field-references';
import { cycleMessage } from '../../../../analysis/reference-cycles';
import { isValidStatus } from '../../../../contract/field';
import type { Finding } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';

export const UNEXPLAINED_INVALID =
  'the instance reports it invalid, but the analyzer finds nothing wrong in the expression, no missing field and no reference cycle';

/** A reason without its offsets, so the same mistake in many fields forms one group. */
export function reasonKind(reason: string): string {
  return reason
    .replace(/ at position \d+/g, '')
    .replace(/^part of a reference cycle.*$/, 'part of a reference cycle');
}

/**
 * Fields whose status is not VALID, each with the reasons the analyzer, the ids
 * with no field, or the cycles give.
 */
export function invalidFields({ columns, references }: RuleInput): Finding {
  const nameOf = (id: number) => columns.nameOf(id) ?? String(id);
  const notes = new Map<number, string>();
  const entries: Array<[string, number]> = [];
  for (let at = 0; at < columns.count; at += 1) {
    if (isValidStatus(columns.statusAt(at))) continue;
    // A few in a hundred: their facts are read whole.
    const field = columns.factsAt(at);
    const cycle = references.cycles.get(field.id);
    const unknown = new Set(references.unknown.get(field.id));
    const reasons = [
      ...field.problems,
      ...field.nests
        .filter(({ id }) => unknown.has(id))
        .map((reference) => unknownFieldProblem(reference).message),
      ...(cycle ? [cycleMessage(cycle, nameOf)] : []),
    ];
    if (reasons.length === 0) reasons.push(UNEXPLAINED_INVALID);
    notes.set(field.id, reasons.join('; '));
    entries.push([reasonKind(reasons[0]!), field.id]);
  }
  const groups = [...groupIds(entries)].map(([key, ids]) => ({ key, ids })).sort(byGroupSize);
  return { key: 'invalid', ids: [...notes.keys()], groups: FindingGroups.of(groups), notes };
}
