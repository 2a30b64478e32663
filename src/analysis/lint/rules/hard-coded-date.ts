import { walkTree } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';
import { quotedText } from '../node-text';

// 2024-01-31, 2024/1/31, 2024-01-31 10:00[:00], 01/31/2024, 31.01.2024 inside quotes.
const DATE_PATTERNS = [
  /^\d{4}[-/]\d{1,2}[-/]\d{1,2}([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?)?$/,
  /^\d{1,2}[-/.]\d{1,2}[-/.]\d{4}$/,
];

export const hardCodedDate: LintRule = {
  id: 'hard-coded-date',
  severity: 'info',
  title: 'Hard-coded date',
  why: 'A date written into a formula does not move with time: a "this year" or "since launch" figure silently goes stale.',
  fix: 'Compute the date from CURRENT_DATE() (e.g. DATE_SUB(CURRENT_DATE(), INTERVAL 1 YEAR)), or use a variable an admin can change in one place.',
  check({ expression, tree }, report) {
    walkTree(tree, (node) => {
      if (node.kind !== 'literal' || (node.type !== 'string' && node.type !== 'typed')) return;
      const quoted = node.text.slice(node.text.search(/['"‘’“”]/) + 1, -1).trim();
      if (!DATE_PATTERNS.some((pattern) => pattern.test(quoted))) return;
      report({
        start: node.start,
        end: node.end,
        message: `the date ${quotedText(expression, node)} at position ${node.start} is written into the formula: it will not move with time`,
      });
    });
  },
};
