import { walkTree, withoutParentheses } from '../../syntax-tree';
import type { SyntaxNode } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';

const COMPARISONS: ReadonlySet<string> = new Set(['=', '<>', '!=', '<', '>', '<=', '>=']);

export const nullComparison: LintRule = {
  id: 'null-comparison',
  severity: 'error',
  title: 'Comparison with NULL',
  why: 'Any comparison with NULL is unknown, never true, so `x = NULL` matches no row and `x <> NULL` matches none either.',
  fix: 'Write `x IS NULL` or `x IS NOT NULL`; `<=>` compares NULL-safely.',
  check(subject, report) {
    walkTree(subject.tree, (node) => {
      if (node.kind !== 'binary' || !COMPARISONS.has(node.operator)) return;
      if (!isNull(node.left) && !isNull(node.right)) return;
      report({
        start: node.operatorStart,
        end: node.operatorEnd,
        message: `'${node.operator}' with NULL at position ${node.operatorStart} is never true: ${instead(node.operator)}`,
      });
    });
  },
};

function instead(operator: string): string {
  if (operator === '=') return 'use IS NULL';
  if (operator === '<>' || operator === '!=') return 'use IS NOT NULL';
  return 'test for missing values with IS NULL';
}

function isNull(node: SyntaxNode): boolean {
  const inner = withoutParentheses(node);
  return inner.kind === 'literal' && inner.type === 'null';
}
