import type { FieldRule } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import type { FindingContext } from '../finding-context';

/**
 * Fields owned by users the instance reports inactive (`detail.active` false: they
 * have left), grouped by owner: nobody answers for them any more.
 */
export function inactiveOwners({ directory }: FindingContext): FieldRule {
  const inactive = new Set(directory?.inactiveOwners ?? []);
  const entries: Array<[string, number]> = [];
  return {
    visit(field) {
      if (inactive.has(field.owner)) entries.push([String(field.owner), field.id]);
    },
    finish() {
      const groups = [...groupIds(entries)].map(([key, ids]) => ({ key, ids })).sort(byGroupSize);
      const ids = entries.map(([, id]) => id);
      return { key: 'inactive-owners', ids, groups, notes: new Map() };
    },
  };
}
