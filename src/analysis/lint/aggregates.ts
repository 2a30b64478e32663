import { AGGREGATE_FUNCTIONS } from '../aggregate-functions';
import type { CallNode } from '../syntax-tree';

export function isAggregateCall(call: CallNode): boolean {
  return AGGREGATE_FUNCTIONS.has(call.name);
}

/** An aggregate over the card's grouping: no OVER and no FIXED of its own. */
export function isGroupAggregate(call: CallNode): boolean {
  return isAggregateCall(call) && !call.window && !call.fixed;
}
