import type { SyntaxNode } from '../../syntax-tree';
import { walkTree } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';
import { quotedText } from '../node-text';

export const constantCondition: LintRule = {
  id: 'constant-condition',
  severity: 'warning',
  title: 'Condition that is always the same',
  why: "A condition built only from constants (1 = 1, TRUE, 'a' = 'b') is true for every row or for none: a branch always or never applies, which is rarely what was meant.",
  fix: 'Compare a column, or remove the condition and keep the branch that applies.',
  check({ expression, tree }, report) {
    const flag = (condition: SyntaxNode) => {
      if (!isConstant(condition)) return;
      report({
        start: condition.start,
        end: condition.end,
        message: `the condition ${quotedText(expression, condition)} at position ${condition.start} uses no column: it is the same for every row`,
      });
    };
    walkTree(tree, (node) => {
      if (node.kind === 'case' && !node.subject) {
        for (const branch of node.branches) flag(branch.when);
      } else if (node.kind === 'call' && node.name === 'IF' && node.args[0]) {
        flag(node.args[0]);
      }
    });
  },
};

/** Only literals and operators: no column, name or call (CURRENT_DATE() changes over time). */
function isConstant(condition: SyntaxNode): boolean {
  let constant = true;
  walkTree(condition, (node) => {
    if (node.kind === 'column' || node.kind === 'name' || node.kind === 'call') constant = false;
    if (node.kind === 'case') constant = false;
  });
  return constant;
}
