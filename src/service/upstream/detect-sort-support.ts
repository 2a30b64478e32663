import type { UpstreamClient } from './upstream-client';

/** Rows of each probe: enough that an instance ignoring the sort shows it. */
const PROBE_ROWS = 100;

function lastModifiedOf(items: readonly unknown[]): unknown[] {
  return items.map((item) => (item as { lastModified?: unknown } | null)?.lastModified);
}

function inOrder(values: readonly number[], direction: 1 | -1): boolean {
  return values.every(
    (value, index) => index === 0 || direction * (value - values[index - 1]!) >= 0,
  );
}

/**
 * Whether the instance sorts searches by `lastModified`. Production's interface
 * does not show that sort, and an instance that does not know a sort may answer
 * in another order instead of refusing it, so the answer is looked at: one page
 * sorted descending and one ascending must each be in that order, and must
 * differ (an ignored sort gives the same page twice). These two requests are the
 * only ones that send the sort before it is known to work; the client remembers
 * the verdict.
 */
export async function detectLastModifiedSort(
  client: UpstreamClient,
  signal: AbortSignal,
): Promise<boolean> {
  client.lastModifiedSortWorks = true;
  let works = false;
  try {
    const probe = (ascending: boolean) =>
      client.search(
        { filters: [], sort: { field: 'lastModified', ascending }, limit: PROBE_ROWS },
        signal,
      );
    const newest = lastModifiedOf((await probe(false)).results);
    const oldest = lastModifiedOf((await probe(true)).results);
    const numbers = [...newest, ...oldest].every((value) => typeof value === 'number');
    if (numbers) {
      const descending = newest as number[];
      const ascending = oldest as number[];
      const allEqual = new Set([...descending, ...ascending]).size <= 1;
      works =
        inOrder(descending, -1) &&
        inOrder(ascending, 1) &&
        (allEqual || descending[0]! > ascending[0]!);
    }
  } finally {
    client.lastModifiedSortWorks = works;
  }
  return works;
}
