import { walkTree } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';
import { quotedColumn } from '../node-text';

export const archivedFieldReference: LintRule = {
  id: 'archived-field-reference',
  severity: 'warning',
  title: 'Reference to an archived field',
  why: 'An archived field is on its way out; when it is deleted, every field that references it breaks.',
  fix: "Reference a current field instead, or copy the archived field's expression in, before it is deleted.",
  check({ tree, context }, report) {
    const fields = context.referencedFields;
    if (!fields) return;
    const reported = new Set<string>();
    walkTree(tree, (node) => {
      if (node.kind !== 'column' || reported.has(node.name)) return;
      const field = fields.get(node.name);
      if (!field?.archived) return;
      reported.add(node.name);
      report({
        start: node.start,
        end: node.end,
        message: `${quotedColumn(node.name)} at position ${node.start} is an archived calculated field (id ${field.id})`,
      });
    });
  },
};
