import type { Finding } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import type { FindingContext } from '../finding-context';

/**
 * Fields owned by users the instance reports inactive (`detail.active` false: they
 * have left), grouped by owner: nobody answers for them any more.
 */
export function inactiveOwners({ fields, directory }: FindingContext): Finding {
  const inactive = new Set(directory?.inactiveOwners ?? []);
  const entries: Array<[string, number]> = [];
  for (const field of fields.values()) {
    if (inactive.has(field.owner)) entries.push([String(field.owner), field.id]);
  }
  const groups = [...groupIds(entries)].map(([key, ids]) => ({ key, ids })).sort(byGroupSize);
  const ids = entries.map(([, id]) => id);
  return { key: 'inactive-owners', ids, groups, notes: new Map() };
}
