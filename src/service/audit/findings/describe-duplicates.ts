import type { FindingGroupSummary } from '../../../contract/audit';
import type { Findings } from './compute-findings';
import type { FindingGroup } from './finding';
import { cardTitleIn, dataSourceNameIn } from './instance-directory';
import type { LinkPlace } from './link-places';
import type { DuplicateKind } from './rules/duplicate-scope';
import { duplicateScope } from './rules/duplicate-scope';

/** Longest expression a group's label shows; the fields table shows each in full. */
const LABEL_MAX = 160;

const kindWords: Record<DuplicateKind, string> = {
  variable: 'variables',
  card: 'saved on cards',
  'data-source': 'fields',
};

/**
 * A group of duplicates in words: its expression once (on one line, shortened), and what
 * its fields are and where they live, with names where the instance gave them.
 */
export function describeDuplicateGroup(
  findings: Findings,
  group: FindingGroup,
): Pick<FindingGroupSummary, 'label' | 'where'> {
  const first = group.ids[0]!;
  const expression = (findings.expressions([first]).get(first) ?? '').replace(/\s+/g, ' ').trim();
  const label =
    expression.length > LABEL_MAX ? `${expression.slice(0, LABEL_MAX - 1)}…` : expression;
  const scope = duplicateScope(findings.fields.get(first)!, findings.directory);
  const placeName = (place: LinkPlace) =>
    place.type === 'CARD'
      ? `card ${cardTitleIn(findings.directory, place.id) ?? place.id}`
      : `data source ${dataSourceNameIn(findings.directory, place.id) ?? place.id}`;
  const where =
    scope.places.length === 0
      ? 'on no data source'
      : `on ${scope.places.map(placeName).join(', ')}`;
  return { label, where: `${kindWords[scope.kind]} ${where}` };
}
