import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import type { Statistics } from '../../contract/statistics';
import { startSession } from '../session';
import { searchItem, setupMockApi } from '../test-support/mock-api';
import { getStatistics } from './get-statistics';

const server = setupMockApi();

const statistics: Statistics = {
  total: 2000,
  onDatasets: 1694,
  onCards: 306,
  inVisualizations: 780,
  locked: 241,
  invalid: 57,
  invalidLink: 82,
  archived: 113,
};

/** What a bare instance with these numbers answers to a search: the count of its filters. */
const totalFor: Record<string, number> = {
  '[]': statistics.total,
  '["locked"]': statistics.locked,
  '["invalid"]': statistics.invalid,
  '["invalidlink"]': statistics.invalidLink,
  '["archived"]': statistics.archived,
  '["ondataset"]': statistics.onDatasets,
  '["notondataset"]': statistics.onCards,
  '["invisualization"]': statistics.inVisualizations,
};

/** A bare instance: search counts, the statistics path answers `missing`. */
function bareInstance(missing: () => Response) {
  const searches: SearchRequest[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  server.use(
    http.get(apiPaths.statistics, missing),
    http.post(apiPaths.search, async ({ request }) => {
      const search = (await request.json()) as SearchRequest;
      searches.push(search);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      const totalHits = totalFor[JSON.stringify(search.filters.map((filter) => filter.field))];
      if (totalHits === undefined) return new HttpResponse(null, { status: 400 });
      const page: SearchResponse = {
        totalHits,
        results: totalHits > 0 ? [searchItem(1)] : [],
        hasMore: totalHits > 1,
        degraded: false,
      };
      return HttpResponse.json(page);
    }),
  );
  return { searches, mostInFlight: () => mostInFlight };
}

beforeEach(() => startSession('token-for-tests', false));

describe('getStatistics', () => {
  test('answers the extension’s numbers without any search', async () => {
    const { searches } = bareInstance(() => HttpResponse.json(statistics));
    await expect(getStatistics()).resolves.toEqual({ statistics, source: 'extension' });
    expect(searches).toHaveLength(0);
  });

  test.each([
    ['404 from a server without the route', () => new HttpResponse('Not Found', { status: 404 })],
    [
      '405 in the error shape',
      () =>
        HttpResponse.json(
          { status: 405, statusReason: 'Method Not Allowed', message: 'no GET here', path: '' },
          { status: 405 },
        ),
    ],
  ])('on %s it counts with one search per number, all at once', async (_name, missing) => {
    const { searches, mostInFlight } = bareInstance(missing);

    await expect(getStatistics()).resolves.toEqual({ statistics, source: 'searches' });

    expect(searches).toHaveLength(8);
    for (const search of searches) expect(search.limit).toBe(1);
    expect(mostInFlight()).toBe(8);
  });

  test.each([401, 403, 500])('a %i is not hidden by the fallback', async (status) => {
    const { searches } = bareInstance(() => new HttpResponse(null, { status }));
    await expect(getStatistics()).rejects.toMatchObject({ status });
    expect(searches).toHaveLength(0);
  });

  test('a failing search fails the fallback', async () => {
    bareInstance(() => new HttpResponse(null, { status: 404 }));
    server.use(http.post(apiPaths.search, () => new HttpResponse(null, { status: 503 })));
    await expect(getStatistics()).rejects.toMatchObject({ status: 503 });
  });
});
