import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { AUDIT_BASE } from '../contract/audit';
import { apiPaths } from '../contract/paths';
import type { SearchRequest } from '../contract/search';
import type { UpstreamSearchBody } from '../contract/upstream-allow-list';
import { assertAllowedSearch, usesOnlyUpstreamFilters } from '../contract/upstream-allow-list';
import { collectAllMatches } from './calculated-fields/all-matches';
import { getField } from './calculated-fields/get-field';
import { getStatistics } from './calculated-fields/get-statistics';
import { locateFieldById } from './calculated-fields/locate-field-by-id';
import { checkToken } from './check-token';
import { startSession } from './session';
import { calculatedField, searchItem, setupMockApi } from './test-support/mock-api';

const server = setupMockApi();
const ids = Array.from({ length: 7000 }, (_, index) => index + 1);

/**
 * An instance shaped like production behind the proxy: no statistics route,
 * unknown filters refused, GET template for the fields it has. Every search the
 * app sends is recorded.
 */
function productionShaped() {
  const searches: SearchRequest[] = [];
  server.use(
    http.get(apiPaths.statistics, () => new HttpResponse('<h1>Not Found</h1>', { status: 404 })),
    http.get(`${AUDIT_BASE}/statistics`, () =>
      HttpResponse.json({
        scanFinished: 1,
        changesSinceScan: 0,
        statistics: {
          total: 7000,
          onDatasets: 1,
          onCards: 1,
          inVisualizations: 1,
          locked: 1,
          invalid: 1,
          invalidLink: 1,
          archived: 1,
        },
      }),
    ),
    http.get(apiPaths.template(':id'), ({ params }) => {
      const id = Number(params.id);
      return ids.includes(id)
        ? HttpResponse.json(calculatedField(id))
        : HttpResponse.json({ status: 404, error: 'Not Found' }, { status: 404 });
    }),
    http.post(apiPaths.search, async ({ request }) => {
      const search = (await request.json()) as SearchRequest;
      searches.push(search);
      if (!usesOnlyUpstreamFilters(search.filters))
        return HttpResponse.json({ message: 'Unknown filter' }, { status: 400 });
      const offset = search.offset ?? 0;
      const page = ids.slice(offset, offset + search.limit);
      return HttpResponse.json({
        totalHits: ids.length,
        results: page.map((id) => searchItem(id)),
        hasMore: offset + page.length < ids.length,
        degraded: false,
      });
    }),
  );
  return searches;
}

beforeEach(() => startSession('token-for-tests', false));

test('no search the app sends uses a filter or sort outside the allow-list', async () => {
  const searches = productionShaped();
  const client = new QueryClient();

  await checkToken('token-for-tests');
  await getStatistics();
  await collectAllMatches({ filters: [{ field: 'locked' }], name: 'x' });
  await getField(999_999, client).catch(() => undefined);
  await locateFieldById(6999);

  expect(searches.length).toBeGreaterThan(8);
  for (const search of searches)
    expect(
      () => assertAllowedSearch(search as UpstreamSearchBody),
      JSON.stringify(search),
    ).not.toThrow();
});
