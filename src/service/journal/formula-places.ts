import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import type { DataSourceEntry } from '../../contract/directory';
import {
  DIRECTORY_IDS_MAX,
  directoryLookupQuery,
  directoryResponseSchema,
} from '../../contract/directory';
import { apiPaths } from '../../contract/paths';

/** A request to the instance, answered with its JSON or its error in the contract's shape. */
export type InstanceCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ ok: true; json: unknown } | { ok: false; error: ApiErrorBody }>;

/** Where a field's expression is checked: its first data source, and the columns its places list. */
export interface FormulaPlace {
  dataSourceId?: string;
  /** Undefined where the instance lists none of its places' columns. */
  columns?: readonly string[];
}

const idsOf = (field: CalculatedField, type: string) =>
  field.links.filter((link) => link.resource.type === type).map((link) => link.resource.id);

/**
 * Each field's place, from the instance's directory extension where it offers one
 * (a real instance does not): the columns of its data sources and of the data
 * sources its cards are built on, all fields' asked together.
 */
export async function formulaPlaces(
  call: InstanceCall,
  fields: readonly CalculatedField[],
): Promise<Map<number, FormulaPlace>> {
  const listed = await listedSources(
    call,
    [...new Set(fields.flatMap((field) => idsOf(field, 'DATA_SOURCE')))],
    [...new Set(fields.flatMap((field) => idsOf(field, 'CARD')))],
  );
  return new Map(
    fields.map((field) => {
      const dataSourceIds = idsOf(field, 'DATA_SOURCE');
      const cardSourceIds = idsOf(field, 'CARD').flatMap((card) => listed.cards.get(card) ?? []);
      const sources = [...dataSourceIds, ...cardSourceIds].flatMap(
        (id) => listed.dataSources.get(id) ?? [],
      );
      const place: FormulaPlace = {
        dataSourceId: dataSourceIds[0] ?? sources[0]?.id,
        columns:
          sources.length > 0
            ? [...new Set(sources.flatMap((source) => source.columns))]
            : undefined,
      };
      return [field.id, place];
    }),
  );
}

/** The data sources the instance lists, with those the cards are built on (card id -> data source id). */
async function listedSources(
  call: InstanceCall,
  dataSourceIds: readonly string[],
  cardIds: readonly string[],
) {
  const dataSources = new Map<string, DataSourceEntry>();
  const cards = new Map<string, string>();
  const found = await lookUp(call, dataSourceIds, cardIds);
  if (found) {
    for (const source of found.dataSources) dataSources.set(source.id, source);
    for (const card of found.cards) cards.set(card.id, card.dataSourceId);
    const cardSources = [...new Set(cards.values())].filter((id) => !dataSources.has(id));
    const more = await lookUp(call, cardSources, []);
    for (const source of more?.dataSources ?? []) dataSources.set(source.id, source);
  }
  return { dataSources, cards };
}

/** The directory's entries for these ids, asked in parts; undefined where the instance does not offer it. */
async function lookUp(
  call: InstanceCall,
  dataSourceIds: readonly string[],
  cardIds: readonly string[],
) {
  const found = {
    dataSources: [] as DataSourceEntry[],
    cards: [] as Array<{ id: string; dataSourceId: string }>,
  };
  const count = Math.max(dataSourceIds.length, cardIds.length);
  for (let start = 0; start < count; start += DIRECTORY_IDS_MAX) {
    const ids = {
      dataSources: dataSourceIds.slice(start, start + DIRECTORY_IDS_MAX),
      cards: cardIds.slice(start, start + DIRECTORY_IDS_MAX),
    };
    const answer = await call('GET', `${apiPaths.directory}?${directoryLookupQuery(ids)}`);
    const read = answer.ok ? directoryResponseSchema.safeParse(answer.json) : undefined;
    if (!read?.success) return undefined;
    found.dataSources.push(...read.data.dataSources);
    found.cards.push(...read.data.cards);
  }
  return found;
}
