import type { Finding } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';

/**
 * Fields owned by users the instance reports inactive (`detail.active` false: they
 * have left), grouped by owner: nobody answers for them any more.
 */
export function inactiveOwners({ columns, directory }: RuleInput): Finding {
  const inactive = new Set(directory?.inactiveOwners ?? []);
  const entries: Array<[string, number]> = [];
  for (let at = 0; at < columns.count; at += 1) {
    const owner = columns.ownerAt(at);
    if (inactive.has(owner)) entries.push([String(owner), columns.idAt(at)]);
  }
  const groups = [...groupIds(entries)].map(([key, ids]) => ({ key, ids })).sort(byGroupSize);
  const ids = entries.map(([, id]) => id);
  return { key: 'inactive-owners', ids, groups: FindingGroups.of(groups), notes: new Map() };
}
