import { useQueries } from '@tanstack/react-query';
import { analyzeExpression } from '../../../analysis/analyze-expression';
import type { FieldReference } from '../../../analysis/field-references';
import { firstUses, nestedIds, unknownFieldProblem } from '../../../analysis/field-references';
import { resolveNestedReferences } from '../../../analysis/nested-references';
import type { Problem } from '../../../analysis/problem';
import { cycleMessage } from '../../../analysis/reference-cycles';
import { fieldQueryOptions, isFieldNotFound } from '../../../api/calculated-fields/get-field';
import type { CalculatedField, SearchResultItem } from '../../../contract/field';

/** More distinct nested fields than this are not read one by one. */
const MOST_FIELDS_READ = 40;

/** A field the expression nests with SERVICE_BEAST_MODE(<id>), as far as the drawer knows it. */
export interface NestedField {
  id: number;
  /** 'missing': no field has the id; 'unread': the read failed, or there were too many to read. */
  state: 'found' | 'missing' | 'reading' | 'unread';
  /** Set when found: complete, or a search result on an instance without details. */
  field?: CalculatedField | SearchResultItem;
}

/** Reads each field the references nest, by id, in order of first use. */
export function useNestedFields(references: readonly FieldReference[]): NestedField[] {
  const ids = nestedIds(references);
  const read = ids.slice(0, MOST_FIELDS_READ);
  const answers = useQueries({
    queries: read.map((id) => fieldQueryOptions(id)),
  });
  return ids.map((id, index): NestedField => {
    const answer = answers[index];
    if (answer === undefined) return { id, state: 'unread' };
    if (answer.data) return { id, state: 'found', field: answer.data.field };
    if (answer.isError) return { id, state: isFieldNotFound(answer.error) ? 'missing' : 'unread' };
    return { id, state: 'reading' };
  });
}

/** Each id the references nest that no field has, as a problem at its first use. */
export function missingFieldProblems(
  references: readonly FieldReference[],
  missingIds: ReadonlySet<number>,
): Problem[] {
  return firstUses(references)
    .filter(({ id }) => missingIds.has(id))
    .map(unknownFieldProblem);
}

/**
 * The cycle this field is part of, named as the service and the audit name it,
 * when the fields read show one: it nests itself, or a field that nests it back.
 */
export function nestingCycleNote(
  self: { id: number; name: string },
  references: readonly FieldReference[],
  nested: readonly NestedField[],
): string | undefined {
  const found = nested.filter((item) => item.field !== undefined && item.id !== self.id);
  const { cycles } = resolveNestedReferences([
    { id: self.id, nests: nestedIds(references) },
    ...found.map((item) => ({ id: item.id, nests: nestsOf(item.field!) })),
  ]);
  const cycle = cycles.get(self.id);
  if (!cycle) return undefined;
  const names = new Map([
    [self.id, self.name],
    ...found.map((item) => [item.id, item.field!.name] as const),
  ]);
  return cycleMessage(cycle, (id) => names.get(id) ?? String(id));
}

/** The ids a field nests: from the instance when it lists them, else from its expression. */
function nestsOf(field: CalculatedField | SearchResultItem): readonly number[] {
  if (!('expression' in field)) return [];
  return (
    field.functionTemplateDependencies ??
    nestedIds(analyzeExpression(field.expression).fieldReferences)
  );
}
