import { IdLists } from '../../../analysis/id-lists';
import type { NestingFacts } from '../../../analysis/nested-references';
import { resolveNestedReferences } from '../../../analysis/nested-references';
import type { CycleMembership } from '../../../analysis/reference-cycles';
import { FUNCTION_TEMPLATE, isBrokenLink } from '../../../contract/field';
import type { FactsColumns } from './facts-columns';
import type { InstanceDirectory } from './instance-directory';
import type { LinkPlace } from './link-places';
import { LinkPlaces, placeKey } from './link-places';

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

/** Whether link `link` of `columns` takes columns from a place (a nested field's does not), and is VALID or not. */
function columnLinkState(columns: FactsColumns, link: number): 'none' | 'valid' | 'broken' {
  if (columns.linkType(link) === FUNCTION_TEMPLATE) return 'none';
  return isBrokenLink({ valid: columns.linkValid(link) }) ? 'broken' : 'valid';
}

/**
 * The fields (positions of `columns`) with a data source or card link that is not
 * VALID, and the places of those links.
 */
function brokenColumnLinks(columns: FactsColumns, places: LinkPlaces) {
  const fields: number[] = [];
  const brokenPlaces = new Set<number>();
  for (let at = 0; at < columns.count; at += 1) {
    let broken = false;
    for (let link = columns.linksStart(at); link < columns.linksEnd(at); link += 1) {
      if (columnLinkState(columns, link) !== 'broken') continue;
      broken = true;
      brokenPlaces.add(places.numberOf(link));
    }
    if (broken) fields.push(at);
  }
  return { fields, places: brokenPlaces };
}

/**
 * Columns of the places asked for, by place number, as far as the fields tell, for
 * an instance that does not list them: every name used by a field whose link there
 * is VALID. Only the places of broken links are asked for: no other place's columns
 * are read.
 */
function inferColumns(
  columns: FactsColumns,
  places: LinkPlaces,
  wanted: ReadonlySet<number>,
): ReadonlyArray<Set<string> | undefined> {
  const used: Array<Set<string> | undefined> = [];
  for (const place of wanted) used[place] = new Set();
  for (let at = 0; at < columns.count; at += 1) {
    for (let link = columns.linksStart(at); link < columns.linksEnd(at); link += 1) {
      if (columnLinkState(columns, link) !== 'valid') continue;
      const names = used[places.numberOf(link)];
      if (!names) continue;
      for (let name = columns.columnNamesStart(at); name < columns.columnNamesEnd(at); name += 1)
        names.add(columns.columnName(name));
    }
  }
  return used;
}

/**
 * Nested references by id (docs/expressions.md: analysis/nested-references.ts
 * resolves them), reference cycles, and for each data source or card link that is
 * not VALID the backtick names (always columns) its data source lacks. `columns`
 * hold every field's facts, ids ascending (FactsTable.asColumns).
 */
export function referencesBetweenFields(
  columns: FactsColumns,
  directory: InstanceDirectory | undefined,
): FieldReferences {
  const columnsKnown = directory !== undefined && directory.dataSources.size > 0;
  const places = new LinkPlaces(columns, directory);
  const broken = brokenColumnLinks(columns, places);
  const known = new Map(
    [...(directory?.dataSources ?? [])].map(([id, source]) => [
      placeKey({ type: 'DATA_SOURCE', id }),
      new Set(source.columns),
    ]),
  );
  const inferred = columnsKnown ? undefined : inferColumns(columns, places, broken.places);

  const missing = new Map<number, MissingReference[]>();
  for (const at of broken.fields) {
    const found = new Map<string, MissingReference>();
    for (let link = columns.linksStart(at); link < columns.linksEnd(at); link += 1) {
      if (columnLinkState(columns, link) !== 'broken') continue;
      const number = places.numberOf(link);
      const place = places.placeAt(number);
      const key = placeKey(place);
      const available = inferred ? inferred[number]! : known.get(key);
      if (available === undefined) {
        found.set(key, { place });
        continue;
      }
      const absent = columns.columnNamesAt(at).filter((name) => !available.has(name));
      for (const name of absent) found.set(`${key}\n${name}`, { place, column: name });
      if (absent.length === 0) found.set(key, { place });
    }
    if (found.size > 0) missing.set(columns.idAt(at), [...found.values()]);
  }

  // Only the fields that nest any: most nest none.
  const nesting: NestingFacts[] = [];
  for (let at = 0; at < columns.count; at += 1)
    if (columns.hasNests(at)) nesting.push({ id: columns.idAt(at), nests: columns.nestIdsAt(at) });
  const resolved = resolveNestedReferences(nesting, {
    has: (id) => columns.positionOf(id) !== undefined,
  });
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
