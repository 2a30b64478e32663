import type { FieldFacts } from '../field-facts';
import type { FieldRule, Finding, FindingGroup } from '../finding';
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
 * Fields grouped by a key of what they compute and on what (duplicateScope); a
 * group's key is its first field's id, which is stable while the group stands and
 * short enough for an address.
 */
function groupsOf(entries: Array<[string, number]>, keep = (_key: string) => true): FindingGroup[] {
  return [...groupIds(entries)]
    .filter(([key, ids]) => ids.length > 1 && keep(key))
    .map(([, ids]) => ({ key: String(ids[0]), ids }));
}

function findingOf(key: Finding['key'], groups: FindingGroup[]): Finding {
  return {
    key,
    ids: ascending(groups.flatMap((group) => group.ids)),
    groups: groups.sort(byGroupSize),
    notes: new Map(),
  };
}

/**
 * Exact duplicates: fields with the same check sum (identical expressions) in the
 * same scope. Near duplicates: fields in the same scope whose expressions have the
 * same shape (field-facts.ts, expressionShape) while not all being identical: the
 * same formula written differently. Both from one look at each field.
 */
export function duplicates({
  directory,
}: FindingContext): FieldRule<{ exact: Finding; near: Finding }> {
  const exact: Array<[string, number]> = [];
  const near: Array<[string, number]> = [];
  /** Near key -> the check sum of its fields, or true once two differ. */
  const checkSums = new Map<string, string | true>();
  return {
    visit(field) {
      if (field.checkSum === '' && field.shape === '') return;
      const scope = scopeKey(duplicateScope(field, directory));
      if (field.checkSum !== '') exact.push([`${field.checkSum} ${scope}`, field.id]);
      if (field.shape === '') return;
      const key = `${field.shape} ${scope}`;
      near.push([key, field.id]);
      const seen = checkSums.get(key);
      if (seen === undefined) checkSums.set(key, field.checkSum);
      else if (seen !== field.checkSum) checkSums.set(key, true);
    },
    finish: () => ({
      exact: findingOf('exact-duplicates', groupsOf(exact)),
      near: findingOf(
        'near-duplicates',
        groupsOf(near, (key) => checkSums.get(key) === true),
      ),
    }),
  };
}
