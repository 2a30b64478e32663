import { analyzeExpression } from '../../../analysis/analyze-expression';
import { NESTED_FIELD_CALL } from '../../../analysis/field-references';

/** One field as a store of schema version 2 or earlier kept it. */
export interface OldField {
  id: number;
  name: string;
  expression: string;
  /** The data source of each link (a card stands for its data source); undefined when unknown. */
  sources: readonly (string | undefined)[];
}

/**
 * Rewrites, for a store written before nested references were by id, each
 * backtick name that the old rule took as another field into
 * `SERVICE_BEAST_MODE(<id>)` (docs/decisions.md). The old rule: a name that is no
 * column of a linked data source but the name of a field linked to that data
 * source. A name is rewritten only when it is a column of none of the field's data
 * sources and exactly one other field answers to it; otherwise it stays a column,
 * which the next derivation reports as missing. Returns field id -> new expression,
 * for the fields that change.
 */
export function nestByIdExpressions(
  fields: readonly OldField[],
  columnsBySource: ReadonlyMap<string, readonly string[]>,
): Map<number, string> {
  const fieldsByNameOnSource = new Map<string, Map<string, number[]>>();
  for (const field of fields) {
    for (const source of new Set(field.sources)) {
      if (source === undefined) continue;
      let byName = fieldsByNameOnSource.get(source);
      if (!byName) fieldsByNameOnSource.set(source, (byName = new Map()));
      byName.set(field.name, [...(byName.get(field.name) ?? []), field.id]);
    }
  }

  const rewritten = new Map<number, string>();
  for (const field of fields) {
    const known = field.sources.filter(
      (source): source is string => source !== undefined && columnsBySource.has(source),
    );
    if (known.length === 0) continue;
    const targetOf = (name: string): number | undefined => {
      if (known.some((source) => columnsBySource.get(source)!.includes(name))) return undefined;
      const targets = new Set(
        known.flatMap((source) => fieldsByNameOnSource.get(source)?.get(name) ?? []),
      );
      return targets.size === 1 ? [...targets][0] : undefined;
    };
    let expression = field.expression;
    let changed = false;
    // From the end, so the offsets of the earlier references still hold.
    for (const reference of [...analyzeExpression(field.expression).references].reverse()) {
      const target = targetOf(reference.name);
      if (target === undefined) continue;
      expression = `${expression.slice(0, reference.start)}${NESTED_FIELD_CALL}(${target})${expression.slice(reference.end)}`;
      changed = true;
    }
    if (changed) rewritten.set(field.id, expression);
  }
  return rewritten;
}
