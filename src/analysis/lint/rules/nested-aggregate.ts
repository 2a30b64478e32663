import type { CallNode } from '../../syntax-tree';
import { walkTree } from '../../syntax-tree';
import { isAggregateCall, isGroupAggregate } from '../aggregates';
import type { LintRule } from '../lint-rule';

export const nestedAggregate: LintRule = {
  id: 'nested-aggregate',
  severity: 'error',
  title: 'Aggregate inside an aggregate without FIXED or OVER',
  why: 'SUM(SUM(x)) asks for a total of totals without saying at which level the inner one is computed; it fails or gives the plain total.',
  fix: 'Give the inner aggregate its level with FIXED (BY ...), or make the outer one a window with OVER (...).',
  check({ tree }, report) {
    walkTree(tree, (node) => {
      if (node.kind !== 'call' || !isAggregateCall(node) || node.window) return;
      for (const inner of innerGroupAggregates(node)) {
        report({
          start: inner.start,
          end: inner.nameEnd,
          message: `${inner.name} at position ${inner.start} aggregates inside ${node.name} at position ${node.start}: give it a level with FIXED (BY ...), or add OVER (...) to ${node.name}`,
        });
      }
    });
  },
};

/** Aggregates in the outer call's arguments, not below another aggregate. */
function innerGroupAggregates(outer: CallNode): CallNode[] {
  const found: CallNode[] = [];
  for (const argument of outer.args) {
    walkTree(argument, (node) => {
      if (node.kind !== 'call' || !isAggregateCall(node)) return;
      if (isGroupAggregate(node)) found.push(node);
      return 'skip';
    });
  }
  return found;
}
