import { IdLists } from '../../../analysis/id-lists';
import type { NestingFacts } from '../../../analysis/nested-references';
import { resolveNestedReferences } from '../../../analysis/nested-references';
import type { CycleMembership } from '../../../analysis/reference-cycles';
import { FUNCTION_TEMPLATE, isBrokenLink } from '../../../contract/field';
import type { FieldFacts, LinkFacts } from './field-facts';
import type { InstanceDirectory } from './instance-directory';

/**
 * Where a link takes its columns from: a data source, or a card whose data source
 * the instance does not name (then the card stands in for it).
 */
export interface LinkPlace {
  type: 'DATA_SOURCE' | 'CARD';
  id: string;
}

/**
 * A name a field uses that its link's place lacks. `column` is undefined when the
 * instance reports the link broken but which name is missing cannot be told (the
 * data source is not one the instance lists, or every name looks present).
 */
export interface MissingReference {
  place: LinkPlace;
  column?: string;
}

export interface FieldReferences {
  /** Field id -> the ids its expression nests as written, a deleted field's too. */
  references: IdLists;
  /** Field id -> the ids of existing fields it nests. */
  nests: IdLists;
  /** Field id -> the ids of the other fields that nest it, ascending. */
  referencedBy: IdLists;
  /** Field id -> the ids it nests that no field of the snapshot has. */
  unknown: IdLists;
  cycles: Map<number, CycleMembership>;
  /** Field id -> what its links that are not VALID miss. */
  missing: ReadonlyMap<number, MissingReference[]>;
  /** True when the columns came from the instance; false when inferred from the fields. */
  columnsKnown: boolean;
}

export function placeOf(link: LinkFacts, directory: InstanceDirectory | undefined): LinkPlace {
  if (link.type === 'CARD') {
    const dataSourceId = directory?.cards.get(link.id)?.dataSourceId;
    return dataSourceId === undefined
      ? { type: 'CARD', id: link.id }
      : { type: 'DATA_SOURCE', id: dataSourceId };
  }
  return { type: 'DATA_SOURCE', id: link.id };
}

export const placeKey = (place: LinkPlace) => `${place.type} ${place.id}`;

/** A field's links that take columns from a data source or a card. */
const columnLinks = (field: FieldFacts) =>
  field.links.filter((link) => link.type !== FUNCTION_TEMPLATE);

/**
 * Columns of each place as far as the fields tell, for an instance that does not
 * list them: every name used by a field whose link there is VALID.
 */
function inferColumns(
  facts: Iterable<FieldFacts>,
  places: (link: LinkFacts) => string,
): Map<string, string[]> {
  const used = new Map<string, Set<string>>();
  for (const field of facts) {
    for (const link of columnLinks(field)) {
      const key = places(link);
      let names = used.get(key);
      if (!names) used.set(key, (names = new Set()));
      if (!isBrokenLink(link)) for (const name of field.names) names.add(name);
    }
  }
  return new Map([...used].map(([key, names]) => [key, [...names]]));
}

/**
 * Nested references by id (docs/expressions.md: analysis/nested-references.ts
 * resolves them), reference cycles, and for each data source or card link that is
 * not VALID the backtick names (always columns) its data source lacks. `fields`
 * are by id; each is read once per pass, none kept.
 */
export function referencesBetweenFields(
  fields: ReadonlyMap<number, FieldFacts>,
  directory: InstanceDirectory | undefined,
): FieldReferences {
  const columnsKnown = directory !== undefined && directory.dataSources.size > 0;
  const keyOf = (link: LinkFacts) => placeKey(placeOf(link, directory));
  const columnsByPlace: Map<string, readonly string[]> = columnsKnown
    ? new Map(
        [...directory.dataSources].map(([id, source]) => [
          placeKey({ type: 'DATA_SOURCE', id }),
          source.columns,
        ]),
      )
    : inferColumns(fields.values(), keyOf);

  // Only the fields that nest any: most nest none.
  const nesting: NestingFacts[] = [];
  const missing = new Map<number, MissingReference[]>();
  // One pass for both: each field's facts are made from the columns once.
  for (const field of fields.values()) {
    if (field.nests.length > 0)
      nesting.push({ id: field.id, nests: field.nests.map(({ id }) => id) });
    // Most fields have no broken link, and make nothing here.
    if (!field.links.some(isBrokenLink)) continue;
    const found = new Map<string, MissingReference>();
    for (const link of columnLinks(field)) {
      if (!isBrokenLink(link)) continue;
      const place = placeOf(link, directory);
      const key = placeKey(place);
      const columns = columnsByPlace.get(key);
      if (columns === undefined && columnsKnown) {
        found.set(key, { place });
        continue;
      }
      const available = new Set(columns);
      const absent = field.names.filter((name) => !available.has(name));
      for (const name of absent) found.set(`${key}\n${name}`, { place, column: name });
      if (absent.length === 0) found.set(key, { place });
    }
    if (found.size > 0) missing.set(field.id, [...found.values()]);
  }
  const resolved = resolveNestedReferences(nesting, fields);
  return {
    references: IdLists.of(nesting.map(({ id, nests }) => [id, nests])),
    nests: resolved.nests,
    referencedBy: resolved.nestedBy,
    unknown: resolved.unknown,
    cycles: resolved.cycles,
    missing,
    columnsKnown,
  };
}
