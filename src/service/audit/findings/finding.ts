import type { FindingKey } from '../../../contract/audit';
import type { FindingGroup, FindingGroups } from './finding-groups';

export type { FindingGroup } from './finding-groups';

/** The fields one rule finds, grouped, with a note per field saying why where there is more to say. */
export interface Finding {
  key: FindingKey;
  /** Field ids, ascending. */
  ids: number[];
  /** In the rule's order (largest first, `byGroupSize`; Nested's by depth), kept as columns. */
  groups: FindingGroups;
  /** Field id -> why it is in the finding, where there is more to say. */
  notes: ReadonlyMap<number, string>;
}

/** Groups ordered largest first, then by key, so answers are stable. */
export function byGroupSize(first: FindingGroup, second: FindingGroup): number {
  return (
    second.ids.length - first.ids.length ||
    (first.key < second.key ? -1 : first.key > second.key ? 1 : 0)
  );
}

/** Field ids grouped under a key, each group's ids ascending. */
export function groupIds(entries: Iterable<[string, number]>): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const [key, id] of entries) {
    const ids = groups.get(key);
    if (ids) ids.push(id);
    else groups.set(key, [id]);
  }
  for (const ids of groups.values()) ids.sort((a, b) => a - b);
  return groups;
}

/** Field ids ascending, sorted as numbers in a typed array (no comparison function called). */
export function ascending(ids: Iterable<number>): number[] {
  return listOf(Float64Array.from(ids).sort());
}

/** The numbers of a typed array as a list, copied in a loop: Array.from steps an iterator. */
export function listOf(values: Float64Array): number[] {
  const list: number[] = [];
  for (let at = 0; at < values.length; at += 1) list.push(values[at]!);
  return list;
}
