import type { CycleMembership } from '../../../analysis/reference-cycles';
import { isBrokenLink } from '../../../contract/field';
import { resolveReferences } from '../../fields/nested-references';
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
  /** Field id -> ids of the fields its expression references. */
  references: Map<number, number[]>;
  /** Field id -> ids of the fields that reference it. */
  referencedBy: Map<number, number[]>;
  cycles: Map<number, CycleMembership>;
  /** Field id -> what its links that are not VALID miss. */
  missing: Map<number, MissingReference[]>;
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

/**
 * Columns of each place as far as the fields tell, for an instance that does not
 * list them: every name used by a field whose link there is VALID, except the
 * names of fields linked there (those are references between fields).
 */
function inferColumns(
  facts: readonly FieldFacts[],
  places: (link: LinkFacts) => string,
  fieldNames: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, string[]> {
  const used = new Map<string, Set<string>>();
  for (const field of facts) {
    for (const link of field.links) {
      const key = places(link);
      let names = used.get(key);
      if (!names) used.set(key, (names = new Set()));
      if (!isBrokenLink(link)) for (const name of field.names) names.add(name);
    }
  }
  return new Map(
    [...used].map(([key, names]) => [
      key,
      [...names].filter((name) => !fieldNames.get(key)?.has(name)),
    ]),
  );
}

/**
 * References between fields by the rule of docs/expressions.md (a name that is not
 * a column of the link's data source but a field linked to it), reference cycles,
 * and for each link that is not VALID the names its data source lacks.
 */
export function referencesBetweenFields(
  facts: readonly FieldFacts[],
  directory: InstanceDirectory | undefined,
): FieldReferences {
  const columnsKnown = directory !== undefined && directory.dataSources.size > 0;
  const keyOf = (link: LinkFacts) => placeKey(placeOf(link, directory));

  const fieldNames = new Map<string, Set<string>>();
  for (const field of facts) {
    for (const link of field.links) {
      const key = keyOf(link);
      let names = fieldNames.get(key);
      if (!names) fieldNames.set(key, (names = new Set()));
      names.add(field.name);
    }
  }
  const columnsByPlace: Map<string, readonly string[]> = columnsKnown
    ? new Map(
        [...directory.dataSources].map(([id, source]) => [
          placeKey({ type: 'DATA_SOURCE', id }),
          source.columns,
        ]),
      )
    : inferColumns(facts, keyOf, fieldNames);

  const resolved = resolveReferences(
    facts.map((field) => ({
      id: field.id,
      name: field.name,
      referencedNames: field.names,
      linkSources: field.links.map(keyOf),
    })),
    columnsByPlace,
  );

  const references = new Map<number, number[]>();
  const referencedBy = new Map<number, number[]>();
  const cycles = new Map<number, CycleMembership>();
  for (const [id, result] of resolved) {
    if (result.cycle) cycles.set(id, result.cycle);
    if (result.references.length === 0) continue;
    references.set(id, result.references);
    for (const target of result.references) {
      const sources = referencedBy.get(target);
      if (sources) sources.push(id);
      else referencedBy.set(target, [id]);
    }
  }

  const missing = new Map<number, MissingReference[]>();
  for (const field of facts) {
    const found = new Map<string, MissingReference>();
    for (const link of field.links) {
      if (!isBrokenLink(link)) continue;
      const place = placeOf(link, directory);
      const key = placeKey(place);
      const columns = columnsByPlace.get(key);
      if (columns === undefined && columnsKnown) {
        found.set(key, { place });
        continue;
      }
      const available = new Set(columns);
      const fields = fieldNames.get(key);
      const absent = field.names.filter((name) => !available.has(name) && !fields?.has(name));
      for (const name of absent) found.set(`${key}\n${name}`, { place, column: name });
      if (absent.length === 0) found.set(key, { place });
    }
    if (found.size > 0) missing.set(field.id, [...found.values()]);
  }
  return { references, referencedBy, cycles, missing, columnsKnown };
}
