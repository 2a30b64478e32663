import { unknownFieldProblem } from '../../../../analysis/field-references';
import { cycleMessage } from '../../../../analysis/reference-cycles';
import { isValidStatus } from '../../../../contract/field';
import type { FieldRule } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import type { FindingContext } from '../finding-context';

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
export function invalidFields({ fields, references }: FindingContext): FieldRule {
  const nameOf = (id: number) => fields.get(id)?.name ?? String(id);
  const notes = new Map<number, string>();
  const entries: Array<[string, number]> = [];
  return {
    visit(field) {
      if (isValidStatus(field.status)) return;
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
    },
    finish() {
      const groups = [...groupIds(entries)].map(([key, ids]) => ({ key, ids })).sort(byGroupSize);
      return { key: 'invalid', ids: [...notes.keys()], groups, notes };
    },
  };
}
