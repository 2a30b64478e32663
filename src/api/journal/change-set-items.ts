import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ChangeItem, ChangeSetItemsPage, ItemState } from '../../contract/journal';
import { changeSetItemsPageSchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

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

const samePages = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((page, index) => page === b[index]);

/**
 * The items of a set (those in `state` only, when given) read a page at a time as a
 * list shows them: a set of 100,000 fields is far too large to read whole. `endedAt`
 * names the set's end the items belong to, so the items of a set retried since are
 * read again.
 */
export function useItemPages(id: number, state: ItemState | undefined, endedAt: number | null) {
  const [pages, setPages] = useState<readonly number[]>([0]);
  const answers = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...journalKeys.changeSetItems(id), state, endedAt, page] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getItemsPage(id, page, state, signal),
      // A running set's items still change; an ended set's stay as they are.
      staleTime: endedAt === null ? 0 : Infinity,
    })),
  });
  const itemAt = (index: number): ChangeItem | undefined => {
    const at = pages.indexOf(Math.floor(index / ITEMS_PAGE_SIZE));
    return answers[at]?.data?.items[index % ITEMS_PAGE_SIZE];
  };
  const onShown = useCallback((first: number, last: number) => {
    const wanted: number[] = [];
    for (let page = Math.floor(first / ITEMS_PAGE_SIZE); page * ITEMS_PAGE_SIZE <= last; page += 1)
      wanted.push(page);
    setPages((current) => (samePages(current, wanted) ? current : wanted));
  }, []);
  const failed = answers.find((answer) => answer.isError);
  return { itemAt, onShown, error: failed?.error ?? null, refetch: () => failed?.refetch() };
}
