import { walkTree } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';

const CASE_LENGTH = 'CASE'.length;

export const caseWithoutElse: LintRule = {
  id: 'case-without-else',
  severity: 'warning',
  title: 'CASE without ELSE',
  why: 'Rows that no WHEN matches get NULL, which shows as a blank and drops out of sums and counts, usually unnoticed.',
  fix: 'Add ELSE with the value those rows should get; write ELSE NULL when a blank is what you mean, so readers know it is.',
  check({ tree }, report) {
    walkTree(tree, (node) => {
      if (node.kind !== 'case' || node.otherwise) return;
      report({
        start: node.start,
        end: node.start + CASE_LENGTH,
        message: `CASE at position ${node.start} has no ELSE: rows that match no WHEN get NULL`,
      });
    });
  },
};
