import { walkTree, withoutParentheses } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';
import { quotedText } from '../node-text';

export const likeWithoutWildcard: LintRule = {
  id: 'like-without-wildcard',
  severity: 'info',
  title: 'LIKE without a wildcard',
  why: "A LIKE pattern with no % or _ matches only that exact text, so `x LIKE 'West'` is `x = 'West'`; a % was probably forgotten.",
  fix: "Add % where any text may stand (LIKE '%West%'), or write = when an exact match is meant.",
  check({ expression, tree }, report) {
    walkTree(tree, (node) => {
      if (node.kind !== 'binary' || node.operator !== 'LIKE') return;
      const pattern = withoutParentheses(node.right);
      if (pattern.kind !== 'literal' || pattern.type !== 'string') return;
      if (/[%_]/.test(pattern.text)) return;
      report({
        start: pattern.start,
        end: pattern.end,
        message: `the LIKE pattern ${quotedText(expression, pattern)} at position ${pattern.start} has no % or _: it matches only that exact text`,
      });
    });
  },
};
