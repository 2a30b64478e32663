import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CardEntry, DataSourceEntry } from '../../contract/directory';
import { DIRECTORY_IDS_MAX, directoryLookupQuery } from '../../contract/directory-query';
import { apiPaths } from '../../contract/paths';
import { requestJson } from '../http-client';
import {
  directoryKnownMissing,
  isDirectoryMissing,
  rememberDirectoryMissing,
} from './directory-availability';
import type { DirectoryIds } from './directory-keys';
import { directoryIds, directoryKeys } from './directory-keys';
import { lookupNames } from './lookup-names';

export interface OwnerName {
  id: number;
  name: string;
  /** False for a departed user; absent when the instance does not say. */
  active?: boolean;
}
export interface DataSourceName {
  id: string;
  name: string;
  /** Known only from this project's directory extension. */
  columns?: readonly string[];
}
export interface CardName {
  id: string;
  title: string;
  /** Known only from this project's directory extension. */
  dataSourceId?: string;
}

/**
 * Names for ids, from the instance's name endpoints in both modes (an id it does
 * not name is not in its map: show the id). `available` says whether the directory
 * extension answered too, so data sources' columns and cards' data sources are known.
 */
export interface DirectoryNames {
  available: boolean;
  owners: ReadonlyMap<number, OwnerName>;
  dataSources: ReadonlyMap<string, DataSourceName>;
  cards: ReadonlyMap<string, CardName>;
}

/** Loaded with the first answer: the table's first screen loads no zod (http-client.ts). */
const loadDirectorySchema = () =>
  import('../../contract/directory').then(({ directoryResponseSchema }) => directoryResponseSchema);

export const noDirectory: DirectoryNames = {
  available: false,
  owners: new Map(),
  dataSources: new Map(),
  cards: new Map(),
};

/**
 * The names of these ids, and with `withColumns` what the directory extension adds
 * (columns, each card's data source, and that data source's name).
 */
export async function lookupDirectory(
  ids: DirectoryIds,
  client: QueryClient,
  signal?: AbortSignal,
  withColumns = false,
): Promise<DirectoryNames> {
  const [names, directory] = await Promise.all([
    lookupNames(ids, signal),
    withColumns ? lookupColumns(ids, client, signal) : noDirectory,
  ]);
  const owners = new Map<number, OwnerName>();
  for (const user of names.users.values()) {
    owners.set(user.id, { id: user.id, name: user.displayName, active: user.active });
  }
  const dataSources = new Map<string, DataSourceName>(directory.dataSources);
  for (const source of names.dataSources.values()) {
    dataSources.set(source.id, { ...dataSources.get(source.id), ...source });
  }
  const cards = new Map<string, CardName>(directory.cards);
  for (const card of names.cards.values()) {
    cards.set(card.id, { ...cards.get(card.id), ...card });
  }
  return { available: directory.available, owners, dataSources, cards };
}

/**
 * Looks the data sources and cards up in the directory extension, at most
 * DIRECTORY_IDS_MAX of each kind per request, and also the data sources of the
 * cards found, so a card's columns are known too.
 */
async function lookupColumns(
  ids: DirectoryIds,
  client: QueryClient,
  signal?: AbortSignal,
): Promise<DirectoryNames> {
  if (directoryKnownMissing(client)) return noDirectory;
  if (ids.dataSources.length + ids.cards.length === 0) return { ...noDirectory, available: true };
  try {
    const found = await lookupInChunks({ ...ids, owners: [] }, signal);
    const cardSources = [...found.cards.values()]
      .map((card) => card.dataSourceId)
      .filter((id) => !found.dataSources.has(id));
    if (cardSources.length > 0) {
      const more = await lookupInChunks(directoryIds({ dataSources: cardSources }), signal);
      for (const [id, source] of more.dataSources) found.dataSources.set(id, source);
    }
    return found;
  } catch (error) {
    if (!isDirectoryMissing(error)) throw error;
    rememberDirectoryMissing(client);
    return noDirectory;
  }
}

async function lookupInChunks(ids: DirectoryIds, signal?: AbortSignal) {
  const names = {
    available: true,
    owners: new Map<number, OwnerName>(),
    dataSources: new Map<string, DataSourceEntry>(),
    cards: new Map<string, CardEntry>(),
  };
  const chunks = Math.ceil(
    Math.max(ids.owners.length, ids.dataSources.length, ids.cards.length) / DIRECTORY_IDS_MAX,
  );
  for (let chunk = 0; chunk < chunks; chunk += 1) {
    const slice = <T>(list: T[]) =>
      list.slice(chunk * DIRECTORY_IDS_MAX, (chunk + 1) * DIRECTORY_IDS_MAX);
    const query = directoryLookupQuery({
      owners: slice(ids.owners),
      dataSources: slice(ids.dataSources),
      cards: slice(ids.cards),
    });
    const page = await requestJson(`${apiPaths.directory}?${query}`, loadDirectorySchema, {
      signal,
    });
    for (const owner of page.owners) names.owners.set(owner.id, owner);
    for (const source of page.dataSources) names.dataSources.set(source.id, source);
    for (const card of page.cards) names.cards.set(card.id, card);
  }
  return names;
}

export function directoryLookupOptions(ids: DirectoryIds, withColumns = false) {
  return queryOptions({
    queryKey: directoryKeys.lookup(ids, withColumns),
    queryFn: ({ client, signal }) => lookupDirectory(ids, client, signal, withColumns),
    // Names change rarely; pages and drawers that share ids share the answer.
    staleTime: 5 * 60_000,
  });
}

/**
 * The names of these owners, data sources and cards (and of the cards' data
 * sources). Shared by the table, the drawer and the audit page. While loading, or
 * when the instance has no directory, `names` has no entries: show ids.
 * With `keepKnownNames`, a lookup for other ids shows the previous lookup's names
 * until it answers (a table's next page keeps the names its rows already had).
 */
export function useDirectoryNames(
  ids: {
    owners?: Iterable<number>;
    dataSources?: Iterable<string>;
    cards?: Iterable<string>;
  },
  {
    keepKnownNames = false,
    withColumns = false,
  }: { keepKnownNames?: boolean; withColumns?: boolean } = {},
) {
  const wanted = directoryIds(ids);
  const empty = wanted.owners.length + wanted.dataSources.length + wanted.cards.length === 0;
  const query = useQuery({
    ...directoryLookupOptions(wanted, withColumns),
    enabled: !empty,
    placeholderData: keepKnownNames ? keepPreviousData : undefined,
  });
  return { names: query.data ?? noDirectory, isPending: !empty && query.isPending, query };
}
