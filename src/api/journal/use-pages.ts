import type { QueryKey } from '@tanstack/react-query';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

const samePages = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((page, index) => page === b[index]);

/**
 * A long list of the server's read a page at a time as a LongList shows it: the pages
 * its drawn items fall on are asked for, and the rest are not (a list of 100,000
 * fields before and after is far too large to read whole).
 */
export function usePages<Item>({
  pageSize,
  keyOf,
  read,
  staleTime,
  firstPage,
}: {
  pageSize: number;
  keyOf: (page: number) => QueryKey;
  read: (page: number, signal: AbortSignal) => Promise<{ items: Item[] }>;
  staleTime: number;
  /** The first page when it came with something else (a dry run's answer). */
  firstPage?: { items: Item[] };
}) {
  const [pages, setPages] = useState<readonly number[]>([0]);
  const answers = useQueries({
    queries: pages.map((page) => ({
      queryKey: keyOf(page),
      queryFn: ({ signal }: { signal: AbortSignal }) => read(page, signal),
      staleTime,
      initialData: page === 0 ? firstPage : undefined,
    })),
  });
  const itemAt = (index: number): Item | undefined => {
    const at = pages.indexOf(Math.floor(index / pageSize));
    return answers[at]?.data?.items[index % pageSize];
  };
  const onShown = useCallback(
    (first: number, last: number) => {
      const wanted: number[] = [];
      for (let page = Math.floor(first / pageSize); page * pageSize <= last; page += 1)
        wanted.push(page);
      setPages((current) => (samePages(current, wanted) ? current : wanted));
    },
    [pageSize],
  );
  const failed = answers.find((answer) => answer.isError);
  return { itemAt, onShown, error: failed?.error ?? null, refetch: () => failed?.refetch() };
}
