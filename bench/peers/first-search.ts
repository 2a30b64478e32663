// What the first-rows peers send and draw: the app's first search, with the token
// where the app keeps it, and ten columns of each field as text.
import { tokenStorageKey } from '../../src/api/session';
import type { SearchResultItem } from '../../src/contract/field';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import type { SearchRequest, SearchResponse } from '../../src/contract/search';

/** The search /fields sends for its default view; the benchmark sets it when it builds the peers. */
declare const FIRST_SEARCH: SearchRequest;

/** Sends a search as the app does, with the token where the app keeps it. */
export async function sendSearch(
  search: SearchRequest,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const response = await fetch(apiPaths.search, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [TOKEN_HEADER]: sessionStorage.getItem(tokenStorageKey) ?? '',
    },
    body: JSON.stringify(search),
    signal,
  });
  if (!response.ok) throw new Error(`the search answered ${response.status}`);
  return (await response.json()) as SearchResponse;
}

export const sendFirstSearch = () => sendSearch(FIRST_SEARCH);

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

export const columns: ReadonlyArray<[string, (field: SearchResultItem) => string]> = [
  ['Name', (field) => field.name],
  ['ID', (field) => String(field.id)],
  ['Type', (field) => field.dataType],
  ['Status', (field) => field.status],
  ['Owner', (field) => String(field.owner)],
  ['Locked', (field) => (field.locked ? 'Locked' : 'Unlocked')],
  ['Global', (field) => (field.global ? 'Yes' : 'No')],
  ['Links', (field) => String(field.links.length)],
  ['Created', (field) => day(field.created)],
  ['Modified', (field) => day(field.lastModified)],
];
