import type { SyntaxNode } from '../../syntax-tree';
import { walkTree } from '../../syntax-tree';
import type { LintRule } from '../lint-rule';

/** More levels of calls, CASEs and parentheses than this are hard to follow. */
export const MAX_NESTING = 6;

export const deepNesting: LintRule = {
  id: 'deep-nesting',
  severity: 'info',
  title: 'Deeply nested expression',
  why: `Past ${MAX_NESTING} levels of calls, CASEs and parentheses, readers lose track of which part belongs where, and a misplaced parenthesis goes unseen.`,
  fix: 'Move the inner part into its own calculated field and reference it, or flatten nested CASEs into one CASE with more WHENs.',
  check({ tree }, report) {
    let deepest: { node: SyntaxNode; depth: number } | undefined;
    walkTree(tree, (node, ancestors) => {
      if (!isLevel(node)) return;
      const depth = ancestors.filter(isLevel).length + 1;
      if (depth > MAX_NESTING && (!deepest || depth > deepest.depth)) deepest = { node, depth };
    });
    if (!deepest) return;
    const { node, depth } = deepest;
    report({
      start: node.start,
      end: node.start + 1,
      message: `nesting reaches ${depth} levels at position ${node.start} (more than ${MAX_NESTING})`,
    });
  },
};

function isLevel(node: SyntaxNode): boolean {
  return node.kind === 'call' || node.kind === 'case' || node.kind === 'group';
}
