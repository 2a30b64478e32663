import { linkSummaryOf } from '../../../../contract/link-summary';
import type { Finding } from '../finding';
import type { FindingContext } from '../finding-context';

/** Fields with no active card link that no other field references. */
export function unusedFields({ fields, references }: FindingContext): Finding {
  const ids: number[] = [];
  for (const field of fields.values()) {
    const onActiveCard = linkSummaryOf(field.links).inVisualization;
    const referencedByOthers = (references.referencedBy.get(field.id) ?? []).some(
      (source) => source !== field.id,
    );
    if (!onActiveCard && !referencedByOthers) ids.push(field.id);
  }
  return { key: 'unused', ids, groups: [], notes: new Map() };
}
