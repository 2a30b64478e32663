import type { FieldFacts } from '../field-facts';
import type { Finding, FindingGroup } from '../finding';
import { ascending, byGroupSize, groupIds } from '../finding';
import type { FindingContext } from '../finding-context';
import type { InstanceDirectory } from '../instance-directory';
import type { LinkPlace } from '../references-between-fields';
import { placeKey, placeOf } from '../references-between-fields';

/** What kind of field it is, as far as merging goes: one kind never replaces another. */
export type DuplicateKind = 'variable' | 'card' | 'data-source';

/** What a field computes on (contract/audit.ts, duplicateRule): its kind and its data sources. */
export interface DuplicateScope {
  kind: DuplicateKind;
  /** Distinct, in key order; a card stands for its data source where the directory names it. */
  places: LinkPlace[];
}

export function duplicateScope(
  field: FieldFacts,
  directory: InstanceDirectory | undefined,
): DuplicateScope {
  const savedOnCards = field.links.length > 0 && field.links.every((link) => link.type === 'CARD');
  const kind = field.variable ? 'variable' : savedOnCards ? 'card' : 'data-source';
  const places = new Map(
    field.links.map((link) => {
      const place = placeOf(link, directory);
      return [placeKey(place), place];
    }),
  );
  const keys = [...places.keys()].sort();
  return { kind, places: keys.map((key) => places.get(key)!) };
}

const scopeKey = (scope: DuplicateScope) => `${scope.kind} ${scope.places.map(placeKey).join(',')}`;

/**
 * Fields grouped by what they compute (`expressionKey`) and on what (duplicateScope);
 * a group's key is its first field's id, which is stable while the group stands and short
 * enough for an address.
 */
function groupsOf(
  { fields, directory }: FindingContext,
  expressionKey: (field: FieldFacts) => string,
): FindingGroup[] {
  const entries: Array<[string, number]> = [];
  for (const field of fields.values()) {
    const key = expressionKey(field);
    if (key !== '')
      entries.push([`${key} ${scopeKey(duplicateScope(field, directory))}`, field.id]);
  }
  const byKey = groupIds(entries);
  return [...byKey.values()]
    .filter((ids) => ids.length > 1)
    .map((ids) => ({ key: String(ids[0]), ids }));
}

function findingOf(key: Finding['key'], groups: FindingGroup[]): Finding {
  return {
    key,
    ids: ascending(groups.flatMap((group) => group.ids)),
    groups: groups.sort(byGroupSize),
    notes: new Map(),
  };
}

/** Fields with the same check sum (identical expressions) in the same scope. */
export function exactDuplicates(context: FindingContext): Finding {
  return findingOf(
    'exact-duplicates',
    groupsOf(context, (field) => field.checkSum),
  );
}

/**
 * Fields in the same scope whose expressions have the same shape (field-facts.ts,
 * expressionShape) while not all being identical: the same formula written differently.
 */
export function nearDuplicates(context: FindingContext): Finding {
  const groups = groupsOf(context, (field) => field.shape).filter(
    (group) => new Set(group.ids.map((id) => context.fields.get(id)!.checkSum)).size > 1,
  );
  return findingOf('near-duplicates', groups);
}
