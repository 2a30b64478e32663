import type { DirectoryKind } from '../../contract/directory';

/** Hierarchical keys for the directory's names; forgotten with everything else when a session ends. */
export const directoryKeys = {
  all: ['directory'] as const,
  /** Whether this instance offers the directory, once known: 'missing' after a 404 or 405. */
  availability: () => [...directoryKeys.all, 'availability'] as const,
  lookups: () => [...directoryKeys.all, 'lookup'] as const,
  lookup: (ids: DirectoryIds, withColumns = false) =>
    [...directoryKeys.lookups(), ids, withColumns] as const,
  list: (kind: DirectoryKind, name: string) => [...directoryKeys.all, 'list', kind, name] as const,
};

/** Ids to name, each list sorted and without repeats so equal sets share a cache entry. */
export interface DirectoryIds {
  owners: number[];
  dataSources: string[];
  cards: string[];
}

export function directoryIds(ids: {
  owners?: Iterable<number>;
  dataSources?: Iterable<string>;
  cards?: Iterable<string>;
}): DirectoryIds {
  return {
    owners: [...new Set(ids.owners ?? [])].sort((a, b) => a - b),
    dataSources: [...new Set(ids.dataSources ?? [])].sort(),
    cards: [...new Set(ids.cards ?? [])].sort(),
  };
}
