import { walkTree } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';
import { comparableText } from '../node-text';

export const duplicateWhen: LintRule = {
  id: 'duplicate-when',
  severity: 'warning',
  title: 'Duplicate WHEN',
  why: 'CASE takes the first WHEN that matches, so a repeated condition never applies; usually the copy was meant to test something else.',
  fix: 'Change the repeated condition to the case it was meant for, or delete it.',
  check({ tokens, tree }, report) {
    walkTree(tree, (node) => {
      if (node.kind !== 'case') return;
      const seen = new Map<string, number>();
      for (const { when } of node.branches) {
        const text = comparableText(when, tokens);
        const first = seen.get(text);
        if (first === undefined) {
          seen.set(text, when.start);
          continue;
        }
        report({
          start: when.start,
          end: when.end,
          message: `the WHEN condition at position ${when.start} repeats the one at position ${first}: it never applies`,
        });
      }
    });
  },
};
