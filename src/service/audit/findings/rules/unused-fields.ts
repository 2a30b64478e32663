import { linkSummaryOf } from '../../../../contract/link-summary';
import type { Finding } from '../finding';
import type { FindingContext } from '../finding-context';

/** Fields with no active card link that no other field nests. */
export function unusedFields({ fields, references }: FindingContext): Finding {
  const ids: number[] = [];
  for (const field of fields.values()) {
    const onActiveCard = linkSummaryOf(field.links).inVisualization;
    // referencedBy leaves a self-reference out: nesting itself is no use.
    const nestedByOthers = references.referencedBy.has(field.id);
    if (!onActiveCard && !nestedByOthers) ids.push(field.id);
  }
  return { key: 'unused', ids, groups: [], notes: new Map() };
}
