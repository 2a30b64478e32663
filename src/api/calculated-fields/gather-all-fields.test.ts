import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest } from '../../contract/search';
import { startSession } from '../session';
import { searchItem, setupMockApi } from '../test-support/mock-api';
import type { CollectProgress } from './collect-all-matches';
import {
  gatheredFieldsKey,
  gatheredFieldsQueryOptions,
  gatheringProgressKey,
} from './gather-all-fields';

const server = setupMockApi();
const total = 7_000;

function instanceOf(onSearch: (search: SearchRequest) => void = () => {}) {
  const searches: SearchRequest[] = [];
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const search = (await request.json()) as SearchRequest;
      searches.push(search);
      onSearch(search);
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

test('gathers every field, variables included, once for the session', async () => {
  const searches = instanceOf();
  const progress: Array<CollectProgress | null | undefined> = [];
  client.getQueryCache().subscribe(({ query }) => {
    if (query.queryHash === JSON.stringify(gatheringProgressKey)) {
      progress.push(query.state.data as CollectProgress | null);
    }
  });

  const gathered = await client.fetchQuery(gatheredFieldsQueryOptions());
  await client.fetchQuery(gatheredFieldsQueryOptions());

  expect(gathered.fields).toHaveLength(total);
  expect(searches).toHaveLength(2);
  expect(searches[0]!.filters).toEqual([]);
  expect(progress.filter(Boolean)).toContainEqual({ loaded: 5000, total });
  expect(client.getQueryData(gatheringProgressKey)).toEqual({ loaded: total, total });
});

test('cancelling stops between pages and leaves nothing gathered', async () => {
  const searches = instanceOf(() => {
    // The answer to the first page arrives after the user pressed Cancel.
    void client.cancelQueries({ queryKey: gatheredFieldsKey });
  });

  await expect(client.fetchQuery(gatheredFieldsQueryOptions())).rejects.toThrow();

  expect(searches).toHaveLength(1);
  expect(client.getQueryData(gatheredFieldsKey)).toBeUndefined();
  expect(client.getQueryState(gatheredFieldsKey)?.fetchStatus).toBe('idle');
});
