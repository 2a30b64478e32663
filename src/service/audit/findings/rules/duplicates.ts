import type { FieldFacts } from '../field-facts';
import type { FieldRule, Finding, FindingGroup } from '../finding';
import { ascending, byGroupSize } from '../finding';
import type { FindingContext } from '../finding-context';
import type { InstanceDirectory } from '../instance-directory';
import type { LinkPlace } from '../references-between-fields';
import { placeKey, placeOf } from '../references-between-fields';
import { GroupsByKey } from './groups-by-key';
import { ScopeNumbers } from './scope-numbers';

/** What kind of field it is, as far as merging goes: one kind never replaces another. */
export type DuplicateKind = 'variable' | 'card' | 'data-source';

/** What a field computes on (contract/audit.ts, duplicateRule): its kind and its data sources. */
export interface DuplicateScope {
  kind: DuplicateKind;
  /** Distinct, in key order; a card stands for its data source where the directory names it. */
  places: LinkPlace[];
}

function duplicateKind(field: FieldFacts): DuplicateKind {
  const savedOnCards = field.links.length > 0 && field.links.every((link) => link.type === 'CARD');
  return field.variable ? 'variable' : savedOnCards ? 'card' : 'data-source';
}

export function duplicateScope(
  field: FieldFacts,
  directory: InstanceDirectory | undefined,
): DuplicateScope {
  const kind = duplicateKind(field);
  const places = new Map(
    field.links.map((link) => {
      const place = placeOf(link, directory);
      return [placeKey(place), place];
    }),
  );
  const keys = [...places.keys()].sort();
  return { kind, places: keys.map((key) => places.get(key)!) };
}

/** A number for each field's scope: equal for two fields exactly when their scopes are. */
export const duplicateScopeNumbers = (directory: InstanceDirectory | undefined) =>
  new ScopeNumbers(duplicateKind, (link) => placeKey(placeOf(link, directory)));

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

/**
 * Exact duplicates: fields with the same check sum (identical expressions) in the
 * same scope. Near duplicates: fields in the same scope whose expressions have the
 * same shape (field-facts.ts, expressionShape) while not all being identical: the
 * same formula written differently. Both from one look at each field.
 */
export function duplicates({
  fields,
  directory,
}: FindingContext): FieldRule<{ exact: Finding; near: Finding }> {
  const scopes = duplicateScopeNumbers(directory);
  const scopeOf = (field: FieldFacts) => scopes.of(field);
  // A group's first field is read again when a second comes: most of the time the same
  // field, for its check sum and then for its shape.
  let lastRead: FieldFacts | undefined;
  const fieldOf = (id: number) => (lastRead?.id === id ? lastRead : (lastRead = fields.get(id)!));
  const exact = new GroupsByKey({
    fieldOf,
    scopeOf,
    keyOf: (field) => field.checkSum,
    start: (first) => [first.id],
  });
  /** `checkSum` is true once two of the group's fields differ in it. */
  const near = new GroupsByKey({
    fieldOf,
    scopeOf,
    keyOf: (field) => field.shape,
    start: (first) => ({ ids: [first.id], checkSum: first.checkSum as string | true }),
  });
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
