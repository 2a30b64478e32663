import { walkTree } from '../../syntax-tree';
import { NESTED_FIELD_CALL } from '../../field-references';
import type { LintRule, ReferencedField } from '../lint-rule';

/**
 * Whether knowing the referenced fields can change what the lint rules report: this
 * rule is the only one that reads them, and reports only an archived one. Linting
 * again with fields none of which is archived finds what linting without them found.
 */
export const referencesTellLint = (fields: ReadonlyMap<number, ReferencedField>): boolean =>
  [...fields.values()].some((field) => field.archived);

export const archivedFieldReference: LintRule = {
  id: 'archived-field-reference',
  severity: 'warning',
  title: 'Reference to an archived field',
  why: 'An archived field is on its way out; when it is deleted, every field that references it breaks.',
  fix: "Reference a current field instead, or copy the archived field's expression in, before it is deleted.",
  check({ tree, context }, report) {
    const fields = context.referencedFields;
    if (!fields) return;
    const reported = new Set<number>();
    walkTree(tree, (node) => {
      if (node.kind !== 'call' || node.name !== NESTED_FIELD_CALL) return;
      const [argument] = node.args;
      if (argument?.kind !== 'literal' || argument.type !== 'number') return 'skip';
      const field = fields.get(Number(argument.text));
      if (!field?.archived || reported.has(field.id)) return 'skip';
      reported.add(field.id);
      report({
        start: node.start,
        end: node.end,
        message: `${NESTED_FIELD_CALL}(${field.id}) at position ${node.start} references \`${field.name}\`, an archived calculated field`,
      });
      return 'skip';
    });
  },
};
