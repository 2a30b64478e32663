import { putsInVisualization } from '../../../../contract/link-summary';
import type { Finding } from '../finding';
import type { RuleInput } from '../finding-context';

/** Fields with no active card link that no other field nests. */
export function unusedFields({ columns, references }: RuleInput): Finding {
  const ids: number[] = [];
  for (let at = 0; at < columns.count; at += 1) {
    let onActiveCard = false;
    for (let link = columns.linksStart(at); link < columns.linksEnd(at) && !onActiveCard; link += 1)
      onActiveCard = putsInVisualization(columns.linkType(link), columns.linkActive(link));
    if (onActiveCard) continue;
    const id = columns.idAt(at);
    // referencedBy leaves a self-reference out: nesting itself is no use.
    if (!references.referencedBy.has(id)) ids.push(id);
  }
  return { key: 'unused', ids, groups: [], notes: new Map() };
}
