import type { ReferencedField } from '../../../analysis/lint/lint-rule';

/**
 * A cycle that the drawer can see from one field: the field references itself, or
 * references a field that references it back. Longer cycles need every field's
 * references and are left to the instance's status.
 */
export function referenceCycleNote(
  field: { id: number; name: string },
  referencedFields: readonly ReferencedField[],
  dependentIds: readonly number[],
): string | undefined {
  if (referencedFields.some((referenced) => referenced.id === field.id)) {
    return `This field references itself (\`${field.name}\`): a field cannot depend on itself, so the instance marks it INVALID.`;
  }
  const back = referencedFields.filter((referenced) => dependentIds.includes(referenced.id));
  if (back.length === 0) return undefined;
  const names = back.map((referenced) => `\`${referenced.name}\``).join(', ');
  return `This field references ${names}, which ${back.length === 1 ? 'references' : 'reference'} it back: a reference cycle, so the instance marks both INVALID.`;
}
