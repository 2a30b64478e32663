import type { ColumnReference } from '../../../analysis/analyze-expression';
import type { FieldReference } from '../../../analysis/field-references';
import { NESTED_FIELD_CALL } from '../../../analysis/field-references';

/** One place in the expression. */
export interface UseSpan {
  start: number;
  end: number;
}

/** One backtick name, or one nested field, and every place it is used, in order. */
export interface ReferenceUses {
  /** The backtick name, or nestedUseKey(fieldId) for a nested field. */
  name: string;
  /** Set for a nested field: its id. */
  fieldId?: number;
  uses: UseSpan[];
}

/** The key of a nested field's uses: it starts with a backtick, which no column name holds. */
export const nestedUseKey = (id: number) => `\`${NESTED_FIELD_CALL}(${id})`;

/** The expression's columns and nested fields, each once, in order of first use. */
export function referenceUses(
  columns: readonly ColumnReference[],
  fields: readonly FieldReference[] = [],
): ReferenceUses[] {
  const byKey = new Map<string, ReferenceUses>();
  const add = (name: string, span: UseSpan, fieldId?: number) => {
    const entry = byKey.get(name);
    if (entry) entry.uses.push(span);
    else byKey.set(name, { name, ...(fieldId === undefined ? {} : { fieldId }), uses: [span] });
  };
  for (const { name, start, end } of columns) add(name, { start, end });
  for (const { id, start, end } of fields) add(nestedUseKey(id), { start, end }, id);
  return [...byKey.values()].sort((a, b) => a.uses[0]!.start - b.uses[0]!.start);
}
