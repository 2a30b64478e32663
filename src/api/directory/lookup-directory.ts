import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CardEntry, DataSourceEntry, OwnerEntry } from '../../contract/directory';
import {
  DIRECTORY_IDS_MAX,
  directoryLookupQuery,
  directoryResponseSchema,
} from '../../contract/directory';
import { apiPaths } from '../../contract/paths';
import { requestJson } from '../http-client';
import {
  directoryKnownMissing,
  isDirectoryMissing,
  rememberDirectoryMissing,
} from './directory-availability';
import type { DirectoryIds } from './directory-keys';
import { directoryIds, directoryKeys } from './directory-keys';

/** Names for ids; `available` is false on an instance without the directory (show ids). */
export interface DirectoryNames {
  available: boolean;
  owners: ReadonlyMap<number, OwnerEntry>;
  dataSources: ReadonlyMap<string, DataSourceEntry>;
  cards: ReadonlyMap<string, CardEntry>;
}

export const noDirectory: DirectoryNames = {
  available: false,
  owners: new Map(),
  dataSources: new Map(),
  cards: new Map(),
};

/**
 * Looks the ids up, at most DIRECTORY_IDS_MAX of each kind per request, and also
 * the data sources of the cards found, so a card's columns are known too.
 */
export async function lookupDirectory(
  ids: DirectoryIds,
  client: QueryClient,
  signal?: AbortSignal,
): Promise<DirectoryNames> {
  if (directoryKnownMissing(client)) return noDirectory;
  try {
    const found = await lookupInChunks(ids, signal);
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
    owners: new Map<number, OwnerEntry>(),
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
    const page = await requestJson(`${apiPaths.directory}?${query}`, directoryResponseSchema, {
      signal,
    });
    for (const owner of page.owners) names.owners.set(owner.id, owner);
    for (const source of page.dataSources) names.dataSources.set(source.id, source);
    for (const card of page.cards) names.cards.set(card.id, card);
  }
  return names;
}

export function directoryLookupOptions(ids: DirectoryIds) {
  return queryOptions({
    queryKey: directoryKeys.lookup(ids),
    queryFn: ({ client, signal }) => lookupDirectory(ids, client, signal),
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
  { keepKnownNames = false }: { keepKnownNames?: boolean } = {},
) {
  const wanted = directoryIds(ids);
  const empty = wanted.owners.length + wanted.dataSources.length + wanted.cards.length === 0;
  const query = useQuery({
    ...directoryLookupOptions(wanted),
    enabled: !empty,
    placeholderData: keepKnownNames ? keepPreviousData : undefined,
  });
  return { names: query.data ?? noDirectory, isPending: !empty && query.isPending, query };
}
