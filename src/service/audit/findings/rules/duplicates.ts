import type { FieldFacts } from '../field-facts';
import type { FieldRule, Finding, FindingGroup } from '../finding';
import { ascending, byGroupSize } from '../finding';
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

/** Groups of two or more fields, in order, each keyed by its first field's id (stable while the group stands). */
function groupsOf(idLists: Iterable<number[]>): FindingGroup[] {
  const groups: FindingGroup[] = [];
  for (const ids of idLists) if (ids.length > 1) groups.push({ key: String(ids[0]), ids });
  return groups;
}

function findingOf(key: Finding['key'], groups: FindingGroup[]): Finding {
  return {
    key,
    ids: ascending(groups.flatMap((group) => group.ids)),
    groups: groups.sort(byGroupSize),
    notes: new Map(),
  };
}

/** Field ids by scope, then by what they compute: two small lookups a field, not one long key. */
class Grouping<Group> {
  private readonly byScope = new Map<string, Map<string, Group>>();

  constructor(private readonly start: (first: FieldFacts) => Group) {}

  /** The group of this scope and key; undefined when `field` is its first, and starts it. */
  joined(scope: string, key: string, field: FieldFacts): Group | undefined {
    let byKey = this.byScope.get(scope);
    if (!byKey) this.byScope.set(scope, (byKey = new Map()));
    const group = byKey.get(key);
    if (!group) byKey.set(key, this.start(field));
    return group;
  }

  *groups(): Generator<Group> {
    for (const byKey of this.byScope.values()) yield* byKey.values();
  }
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
  const exact = new Grouping((first) => [first.id]);
  /** `checkSum` is true once two of the group's fields differ in it. */
  const near = new Grouping((first) => ({
    ids: [first.id],
    checkSum: first.checkSum as string | true,
  }));
  // Many fields live in the same places: the scope is worked out once for each way of linking.
  const scopes = new Map<string, string>();
  const scopeOf = (field: FieldFacts) => {
    // NUL between the parts: no type or id holds one, so two linkings never read alike.
    const linking = `${field.variable}\0${field.links.map((link) => `${link.type}\0${link.id}`).join('\0')}`;
    let scope = scopes.get(linking);
    if (scope === undefined)
      scopes.set(linking, (scope = scopeKey(duplicateScope(field, directory))));
    return scope;
  };
  return {
    visit(field) {
      if (field.checkSum === '' && field.shape === '') return;
      const scope = scopeOf(field);
      if (field.checkSum !== '') exact.joined(scope, field.checkSum, field)?.push(field.id);
      if (field.shape === '') return;
      const group = near.joined(scope, field.shape, field);
      if (!group) return;
      group.ids.push(field.id);
      if (group.checkSum !== field.checkSum) group.checkSum = true;
    },
    finish: () => ({
      exact: findingOf('exact-duplicates', groupsOf(exact.groups())),
      near: findingOf(
        'near-duplicates',
        groupsOf(
          [...near.groups()].flatMap(({ ids, checkSum }) => (checkSum === true ? [ids] : [])),
        ),
      ),
    }),
  };
}
