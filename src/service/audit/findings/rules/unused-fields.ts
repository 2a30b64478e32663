import { linkSummaryOf } from '../../../../contract/link-summary';
import type { FieldRule } from '../finding';
import type { FindingContext } from '../finding-context';

/** Fields with no active card link that no other field nests. */
export function unusedFields({ references }: FindingContext): FieldRule {
  const ids: number[] = [];
  return {
    visit(field) {
      const onActiveCard = linkSummaryOf(field.links).inVisualization;
      // referencedBy leaves a self-reference out: nesting itself is no use.
      const nestedByOthers = references.referencedBy.has(field.id);
      if (!onActiveCard && !nestedByOthers) ids.push(field.id);
    },
    finish: () => ({ key: 'unused', ids, groups: [], notes: new Map() }),
  };
}
