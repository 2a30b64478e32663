import type { FindingKey } from '../contract/audit';
import { LOOK_ALIKE_GROUP } from '../contract/hidden-characters';
import { remapTargetOfGroup } from '../contract/workflows';
import type { FixTarget } from './fix-link';
import { isOwnerId } from './table-address';

// Apart from fix-link.ts: the fields page's first screen builds fix links, and the
// workflows' contract this reads is not part of it.

/** What a fix link says; a group's label names the group too. */
export const fixVerbs: Record<FixTarget['workflow'], string> = {
  remap: 'Remap',
  merge: 'Merge',
  handover: 'Hand over',
  cleanup: 'Clean up',
  replace: 'Find and replace',
  'hidden-names': 'Remove hidden characters',
};

/**
 * The fix a group of a finding offers, if any: a broken-references group of a data
 * source's column -> its remap; a duplicate group -> its merge; an inactive owner's
 * group (keyed by the owner's id) -> the hand-over of that owner's fields; a group of
 * names hiding a character -> removing the hidden characters (not the look-alikes').
 */
export function groupFix(finding: FindingKey, groupKey: string): FixTarget | undefined {
  if (finding === 'broken-references') {
    const target = remapTargetOfGroup(groupKey);
    return target && { workflow: 'remap', dataSource: target.dataSourceId, column: target.column };
  }
  if (finding === 'exact-duplicates' || finding === 'near-duplicates')
    return { workflow: 'merge', finding, group: groupKey };
  if (finding === 'inactive-owners' && isOwnerId(groupKey))
    return { workflow: 'handover', from: Number(groupKey) };
  if (finding === 'hidden-name-characters' && groupKey !== LOOK_ALIKE_GROUP)
    return { workflow: 'hidden-names', group: groupKey };
  return undefined;
}
