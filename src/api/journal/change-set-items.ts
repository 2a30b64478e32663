import { queryOptions } from '@tanstack/react-query';
import type { ChangeItem, ChangeSetItemsPage, ItemState } from '../../contract/journal';
import { changeSetItemsPageSchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';
import { usePages } from './use-pages';

/** Items a page: a few screens of a list, and a few hundred kilobytes of fields before and after. */
export const ITEMS_PAGE_SIZE = 200;

export function getItemsPage(
  id: number,
  page: number,
  state: ItemState | undefined,
  signal?: AbortSignal,
): Promise<ChangeSetItemsPage> {
  const query = new URLSearchParams({
    offset: String(page * ITEMS_PAGE_SIZE),
    limit: String(ITEMS_PAGE_SIZE),
  });
  if (state) query.set('state', state);
  return requestJson(`${journalPaths.items(id)}?${query}`, changeSetItemsPageSchema, { signal });
}

/** A running set's items still change; an ended set's stay as they are. */
const itemsStaleTime = (endedAt: number | null) => (endedAt === null ? 0 : Infinity);

/**
 * One page of a set's items (those in `state` only, when given) as of the set's end
 * `endedAt`.
 */
export function itemsPageQuery(
  id: number,
  state: ItemState | undefined,
  endedAt: number | null,
  page: number,
) {
  return queryOptions({
    queryKey: [...journalKeys.changeSetItems(id), state, endedAt, page],
    queryFn: ({ signal }) => getItemsPage(id, page, state, signal),
    staleTime: itemsStaleTime(endedAt),
  });
}

/**
 * The items of a set (those in `state` only, when given) read a page at a time as a
 * list shows them: a set of 100,000 fields is far too large to read whole. `endedAt`
 * names the set's end the items belong to, so the items of a set retried since are
 * read again.
 */
export function useItemPages(id: number, state: ItemState | undefined, endedAt: number | null) {
  return usePages<ChangeItem>({
    pageSize: ITEMS_PAGE_SIZE,
    keyOf: (page) => itemsPageQuery(id, state, endedAt, page).queryKey,
    read: (page, signal) => getItemsPage(id, page, state, signal),
    staleTime: itemsStaleTime(endedAt),
  });
}
