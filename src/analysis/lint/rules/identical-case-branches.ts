import { walkTree } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';
import { comparableText, quotedText } from '../node-text';

export const identicalCaseBranches: LintRule = {
  id: 'identical-case-branches',
  severity: 'warning',
  title: 'Every CASE branch gives the same value',
  why: 'When every branch gives the same value, the conditions change nothing; usually one branch was copied and not edited.',
  fix: 'Correct the branch that was meant to differ, or replace the CASE with the value (or one WHEN joining the conditions with OR).',
  check({ expression, tokens, tree }, report) {
    walkTree(tree, (node) => {
      if (node.kind !== 'case') return;
      const results = node.branches.map((branch) => branch.then);
      if (node.otherwise) results.push(node.otherwise);
      if (results.length < 2) return;
      const first = comparableText(results[0]!, tokens);
      if (!results.every((result) => comparableText(result, tokens) === first)) return;
      report({
        start: node.start,
        end: node.start + 'CASE'.length,
        message: `every branch of the CASE at position ${node.start} gives ${quotedText(expression, results[0]!)}: its conditions change nothing`,
      });
    });
  },
};
