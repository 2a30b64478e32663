import type { CallNode, ColumnNode } from '../../syntax-tree';
import { walkTree } from '../../syntax-tree';
import { isAggregateCall, isGroupAggregate } from '../aggregates';
import type { LintRule } from '../lint-rule';
import { quotedColumn } from '../node-text';

export const aggregateWithBareColumn: LintRule = {
  id: 'aggregate-with-bare-column',
  severity: 'warning',
  title: 'Aggregate mixed with a bare column',
  why: 'An aggregate gives one value per group while a bare column has one per row; the result then depends on how the card happens to be grouped, or is an error.',
  fix: 'Put the column inside an aggregate too (SUM(`a`) / SUM(`b`) rather than SUM(`a`) / `b`), or give the aggregate its own level with FIXED (...) or OVER (...).',
  check({ tree }, report) {
    let aggregate: CallNode | undefined;
    const bare: ColumnNode[] = [];
    walkTree(tree, (node) => {
      if (node.kind === 'call') {
        if (isGroupAggregate(node)) aggregate ??= node;
        // Inside an aggregate, or a call with its own window or level, columns are accounted for.
        if (isAggregateCall(node) || node.window || node.fixed) return 'skip';
      }
      if (node.kind === 'column') bare.push(node);
    });
    if (!aggregate) return;
    const reported = new Set<string>();
    for (const column of bare) {
      if (reported.has(column.name)) continue;
      reported.add(column.name);
      report({
        start: column.start,
        end: column.end,
        message: `${quotedColumn(column.name)} at position ${column.start} is used outside an aggregate, while ${aggregate.name} at position ${aggregate.start} aggregates: wrap it in an aggregate too`,
      });
    }
  },
};
