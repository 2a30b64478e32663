import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest } from '../../contract/search';
import { startSession } from '../session';
import { searchItem, setupMockApi } from '../test-support/mock-api';
import { collectAllMatches } from './collect-all-matches';

const server = setupMockApi();

test('gathers every page in id order, reports progress and drops repeats', async () => {
  startSession('token-for-tests', false);
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
  const items = await collectAllMatches({
    name: 'x',
    filters: [{ field: 'locked' }],
    onProgress: (p) => progress.push(p.loaded),
  });
  expect(items).toHaveLength(total);
  expect(new Set(items.map((i) => i.id)).size).toBe(total);
  expect(requests.map((r) => [r.offset, r.limit, r.sort.field, r.name])).toEqual([
    [0, 5000, 'id', 'x'],
    [5000, 5000, 'id', 'x'],
    [10000, 5000, 'id', 'x'],
  ]);
  expect(progress).toEqual([5000, 9999, 12000]);
});

test('stops when cancelled', async () => {
  startSession('token-for-tests', false);
  const controller = new AbortController();
  server.use(
    http.post(apiPaths.search, () => {
      controller.abort();
      return HttpResponse.json({
        totalHits: 10_000,
        results: [searchItem(1)],
        hasMore: true,
        degraded: false,
      });
    }),
  );
  await expect(collectAllMatches({ filters: [], signal: controller.signal })).rejects.toThrow();
});
