import type { SyntaxNode } from '../../syntax-tree';
import { walkTree, withoutParentheses } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';

export const stringPlus: LintRule = {
  id: 'string-plus',
  severity: 'warning',
  title: 'Text joined with +',
  why: "'+' adds numbers: text on either side is read as a number (usually 0), so 'Q' + `Quarter` gives a number, not Q1.",
  fix: "Join text with CONCAT('Q', `Quarter`).",
  check({ tree }, report) {
    walkTree(tree, (node) => {
      if (node.kind !== 'binary' || node.operator !== '+') return;
      if (!isText(node.left) && !isText(node.right)) return;
      report({
        start: node.operatorStart,
        end: node.operatorEnd,
        message: `'+' at position ${node.operatorStart} adds text as numbers: use CONCAT(...) to join text`,
      });
    });
  },
};

function isText(node: SyntaxNode): boolean {
  const inner = withoutParentheses(node);
  return inner.kind === 'literal' && inner.type === 'string';
}
