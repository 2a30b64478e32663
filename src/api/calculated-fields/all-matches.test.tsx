import { hashKey, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, test } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest } from '../../contract/search';
import { startSession } from '../session';
import { heldAnswer, searchItem, setupMockApi } from '../test-support/mock-api';
import {
  allMatchesKeys,
  allMatchesQueryOptions,
  collectAllMatches,
  IncompleteGatheringError,
  useCollectAllMatches,
} from './all-matches';
import type { GatherProgress, MatchesSearch } from './all-matches';

const server = setupMockApi();

/**
 * An instance of `total` fields numbered from 1. `beforeAnswer` runs before each page
 * is answered, e.g. to hold it back.
 */
function instanceOf(
  total: number,
  beforeAnswer: (search: SearchRequest, request: Request) => Promise<void> | void = () => {},
) {
  const searches: SearchRequest[] = [];
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const search = (await request.json()) as SearchRequest;
      searches.push(search);
      await beforeAnswer(search, request);
      const offset = search.offset ?? 0;
      const count = Math.max(0, Math.min(search.limit, total - offset));
      return HttpResponse.json({
        totalHits: total,
        results: Array.from({ length: count }, (_, index) => searchItem(offset + index + 1)),
        hasMore: offset + count < total,
        degraded: false,
      });
    }),
  );
  return searches;
}

let client: QueryClient;
beforeEach(() => {
  startSession('token-for-tests', false);
  client = new QueryClient();
});

describe('collectAllMatches', () => {
  test('gathers every page in created order, reports progress and drops repeats', async () => {
    const total = 12_000;
    const requests: SearchRequest[] = [];
    server.use(
      http.post(apiPaths.search, async ({ request }) => {
        const body = (await request.json()) as SearchRequest;
        requests.push(body);
        const offset = body.offset ?? 0;
        // An unstable instance repeats the last record of the previous page.
        const start = offset === 0 ? 0 : offset - 1;
        const ids = Array.from(
          { length: Math.min(body.limit, total - start) },
          (_, i) => start + i + 1,
        );
        return HttpResponse.json({
          totalHits: total,
          results: ids.map((id) => searchItem(id)),
          hasMore: offset + body.limit < total,
          degraded: false,
        });
      }),
    );
    const progress: number[] = [];
    const items = await collectAllMatches(
      { name: 'x', filters: [{ field: 'locked' }] },
      { onProgress: (p) => progress.push(p.loaded) },
    );
    expect(items).toHaveLength(total);
    expect(new Set(items.map((i) => i.id)).size).toBe(total);
    expect(requests.map((r) => [r.offset, r.limit, r.sort.field, r.name, r.filters])).toEqual([
      [0, 5000, 'created', 'x', [{ field: 'locked' }]],
      [5000, 5000, 'created', 'x', [{ field: 'locked' }]],
      [10000, 5000, 'created', 'x', [{ field: 'locked' }]],
    ]);
    expect(progress).toEqual([5000, 9999, 12000]);
  });

  test('reads the pages again while some matches were never seen, and gives each once', async () => {
    const total = 9000;
    let pass = 0;
    server.use(
      http.post(apiPaths.search, async ({ request }) => {
        const body = (await request.json()) as SearchRequest;
        const offset = body.offset ?? 0;
        if (offset === 0) pass += 1;
        // On the first pass the order moves between pages: field 5001 shows on both
        // pages and field 4999 on neither. The second pass is stable.
        const ids = Array.from(
          { length: Math.min(body.limit, total - offset) },
          (_, index) => offset + index + 1,
        );
        if (pass === 1 && offset === 0) ids[4998] = 5001;
        return HttpResponse.json({
          totalHits: total,
          results: ids.map((id) => searchItem(id)),
          hasMore: offset + ids.length < total,
          degraded: false,
        });
      }),
    );
    const items = await collectAllMatches({ filters: [] });
    expect(pass).toBe(2);
    expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: total }, (_, index) => index + 1),
    );
  });

  test('says how many it could gather when the count never adds up', async () => {
    const searches: SearchRequest[] = [];
    server.use(
      http.post(apiPaths.search, async ({ request }) => {
        searches.push((await request.json()) as SearchRequest);
        // Counts 3 but only ever shows two of them.
        return HttpResponse.json({
          totalHits: 3,
          results: [searchItem(1), searchItem(2)],
          hasMore: false,
          degraded: false,
        });
      }),
    );
    const error = await collectAllMatches({ filters: [] }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(IncompleteGatheringError);
    expect((error as Error).message).toContain('Only 2 of 3');
    expect(searches).toHaveLength(3);
  });

  test('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const searches = instanceOf(10_000, () => controller.abort());
    await expect(
      collectAllMatches({ filters: [] }, { signal: controller.signal }),
    ).rejects.toThrow();
    expect(searches).toHaveLength(1);
  });
});

describe('gathering as a query', () => {
  const everyField: MatchesSearch = { filters: [] };

  test('gathers every page of the search into the query, with its progress', async () => {
    const total = 7_000;
    const searches = instanceOf(total);
    const progress: Array<GatherProgress | null> = [];
    const progressHash = hashKey(allMatchesKeys.progress({ filters: [] }));
    client.getQueryCache().subscribe(({ query }) => {
      if (query.queryHash === progressHash) progress.push(query.state.data as GatherProgress);
    });

    const gathered = await client.fetchQuery(allMatchesQueryOptions(everyField));

    expect(gathered.fields).toHaveLength(total);
    expect(searches).toHaveLength(2);
    expect(searches[0]!.filters).toEqual([]);
    expect(progress.filter(Boolean)).toContainEqual({ loaded: 5000, total });
    expect(client.getQueryData(allMatchesKeys.progress({ filters: [] }))).toEqual({
      loaded: total,
      total,
    });
  });

  test('cancelling stops between pages and leaves nothing gathered', async () => {
    const searches = instanceOf(7_000, () => {
      // The answer to the first page arrives after the user pressed Cancel.
      void client.cancelQueries({ queryKey: allMatchesKeys.matches(everyField) });
    });

    await expect(client.fetchQuery(allMatchesQueryOptions(everyField))).rejects.toThrow();

    expect(searches).toHaveLength(1);
    expect(client.getQueryData(allMatchesKeys.matches(everyField))).toBeUndefined();
    expect(client.getQueryState(allMatchesKeys.matches(everyField))?.fetchStatus).toBe('idle');
  });
});

describe('useCollectAllMatches, for the table', () => {
  const invalidOnes: MatchesSearch = { name: 'rev', filters: [{ field: 'invalid' }] };

  function renderCollect() {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useCollectAllMatches(), { wrapper });
  }

  /**
   * The second page of each gathering waits for the test; `abandoned` says whether the
   * app had given up on that request by the time it was answered.
   */
  function instanceWithHeldSecondPage() {
    const secondPage = heldAnswer();
    const abandoned: boolean[] = [];
    const searches = instanceOf(7_000, async (search, request) => {
      if (search.offset !== 5000) return;
      await secondPage.hold();
      abandoned.push(request.signal.aborted);
    });
    return { searches, secondPage, abandoned };
  }

  test('gathers every match with its progress while it runs', async () => {
    const { searches, secondPage } = instanceWithHeldSecondPage();
    const { result } = renderCollect();

    let collected: Promise<unknown> = Promise.resolve();
    act(() => void (collected = result.current.collect(invalidOnes)));
    await secondPage.received;
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 5000, total: 7000 }));
    expect(result.current.running).toBe(true);
    secondPage.release();

    await act(async () => {
      expect(await collected).toHaveLength(7000);
    });
    expect(result.current.running).toBe(false);
    expect(searches.map((search) => [search.name, search.filters])).toEqual([
      ['rev', [{ field: 'invalid' }]],
      ['rev', [{ field: 'invalid' }]],
    ]);
  });

  test('cancel abandons the page on its way and collect answers nothing', async () => {
    const { searches, secondPage, abandoned } = instanceWithHeldSecondPage();
    const { result } = renderCollect();

    let collected: Promise<unknown> = Promise.resolve();
    act(() => void (collected = result.current.collect(invalidOnes)));
    await secondPage.received;
    act(() => result.current.cancel());
    secondPage.release();

    await act(async () => {
      expect(await collected).toBeUndefined();
    });
    expect(result.current.running).toBe(false);
    await waitFor(() => expect(abandoned).toEqual([true]));
    expect(searches).toHaveLength(2);
  });

  test('collecting again starts over: the first run answers nothing', async () => {
    const { secondPage } = instanceWithHeldSecondPage();
    const { result } = renderCollect();

    let first: Promise<unknown> = Promise.resolve();
    act(() => void (first = result.current.collect(invalidOnes)));
    await secondPage.received;
    let second: Promise<unknown> = Promise.resolve();
    act(() => void (second = result.current.collect(invalidOnes)));
    secondPage.release();

    await act(async () => {
      expect(await first).toBeUndefined();
      expect(await second).toHaveLength(7000);
    });
    expect(result.current.running).toBe(false);
  });

  test('the component going away stops the gathering', async () => {
    const { searches, secondPage, abandoned } = instanceWithHeldSecondPage();
    const { result, unmount } = renderCollect();

    let collected: Promise<unknown> = Promise.resolve();
    act(() => void (collected = result.current.collect(invalidOnes)));
    await secondPage.received;
    unmount();
    secondPage.release();

    expect(await collected).toBeUndefined();
    await waitFor(() => expect(abandoned).toEqual([true]));
    expect(searches).toHaveLength(2);
    expect(client.getQueryState(allMatchesKeys.matches(invalidOnes))?.fetchStatus).not.toBe(
      'fetching',
    );
  });

  test('a failed page fails the gathering with its reason', async () => {
    server.use(http.post(apiPaths.search, () => new HttpResponse(null, { status: 500 })));
    const { result } = renderCollect();

    await act(async () => {
      await expect(result.current.collect(invalidOnes)).rejects.toMatchObject({ status: 500 });
    });
    expect(result.current.running).toBe(false);
  });
});
