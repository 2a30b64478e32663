// The directory's query strings, apart from directory.ts's schemas: the fields table's
// first screen asks for names and loads no zod.

/** What the directory names. */
export const directoryKinds = ['owners', 'dataSources', 'cards'] as const;
export type DirectoryKind = (typeof directoryKinds)[number];

/** Ids of one kind a lookup may ask for: the whole address stays well under 16 KiB. */
export const DIRECTORY_IDS_MAX = 100;

/** The query string a client sends for a lookup (ids need no escaping beyond the usual). */
export function directoryLookupQuery(ids: {
  owners?: readonly number[];
  dataSources?: readonly string[];
  cards?: readonly string[];
}): string {
  const search = new URLSearchParams();
  if (ids.owners?.length) search.set('owners', ids.owners.join(','));
  if (ids.dataSources?.length) search.set('dataSources', ids.dataSources.join(','));
  if (ids.cards?.length) search.set('cards', ids.cards.join(','));
  return search.toString();
}

/** The query string of a list request. */
export function directoryListQuery(request: {
  kind: DirectoryKind;
  name?: string;
  offset?: number;
  limit?: number;
}): string {
  const search = new URLSearchParams({ list: request.kind });
  if (request.name) search.set('name', request.name);
  if (request.offset) search.set('offset', String(request.offset));
  if (request.limit !== undefined) search.set('limit', String(request.limit));
  return search.toString();
}
