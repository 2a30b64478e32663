import { putsInVisualization } from '../../../../contract/link-summary';
import type { Finding } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';

/**
 * Fields with no active card link that no other field nests: those not archived are
 * the Unused finding; those archived are retired already, kept apart for a clean-up
 * that deletes them (cleanup-plan.ts).
 */
export function unusedFields({ columns, references }: RuleInput): {
  unused: Finding;
  archivedUnused: number[];
} {
  const ids: number[] = [];
  const archivedUnused: number[] = [];
  for (let at = 0; at < columns.count; at += 1) {
    let onActiveCard = false;
    for (let link = columns.linksStart(at); link < columns.linksEnd(at) && !onActiveCard; link += 1)
      onActiveCard = putsInVisualization(columns.linkType(link), columns.linkActive(link));
    if (onActiveCard) continue;
    const id = columns.idAt(at);
    // referencedBy leaves a self-reference out: nesting itself is no use.
    if (references.referencedBy.has(id)) continue;
    if (columns.isArchived(at)) archivedUnused.push(id);
    else ids.push(id);
  }
  return {
    unused: { key: 'unused', ids, groups: FindingGroups.of([]), notes: new Map() },
    archivedUnused,
  };
}
