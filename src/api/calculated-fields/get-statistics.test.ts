import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { AUDIT_BASE } from '../../contract/audit';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import type { Statistics } from '../../contract/statistics';
import { usesOnlyUpstreamFilters } from '../../contract/upstream-allow-list';
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

const scanFinished = Date.UTC(2026, 0, 5, 9, 30);

/**
 * An instance shaped like production: search counts with the filters it has and
 * refuses the others (400), the statistics path answers `missing`; this server's
 * audit answers its latest scan's statistics (`snapshot`).
 */
function bareInstance(
  missing: () => Response,
  snapshot: () => Response = () =>
    HttpResponse.json({ scanFinished, changesSinceScan: 2, statistics }),
) {
  const searches: SearchRequest[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  server.use(
    http.get(apiPaths.statistics, missing),
    http.get(`${AUDIT_BASE}/statistics`, snapshot),
    http.post(apiPaths.search, async ({ request }) => {
      const search = (await request.json()) as SearchRequest;
      searches.push(search);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      if (!usesOnlyUpstreamFilters(search.filters))
        return HttpResponse.json({ message: 'Unknown filter field' }, { status: 400 });
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

const fromScan = ['onDatasets', 'onCards', 'inVisualizations'];

describe('getStatistics', () => {
  test('answers the extension’s numbers without any search', async () => {
    const { searches } = bareInstance(() => HttpResponse.json(statistics));
    await expect(getStatistics()).resolves.toEqual({
      statistics,
      failures: {},
      source: 'extension',
    });
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
  ])(
    'on %s it counts with the instance’s own filters, all at once, and the rest from the scan',
    async (_name, missing) => {
      const { searches, mostInFlight } = bareInstance(missing);

      await expect(getStatistics()).resolves.toEqual({
        statistics,
        failures: {},
        source: 'searches',
        fromScan: { statistics: fromScan, finished: scanFinished, changesSinceScan: 2 },
      });

      expect(searches.map((search) => search.filters.map((filter) => filter.field))).toEqual([
        [],
        ['locked'],
        ['invalid'],
        ['invalidlink'],
        ['archived'],
      ]);
      for (const search of searches) {
        expect(search.limit).toBe(1);
        expect(search.sort.field).toBe('name');
      }
      expect(mostInFlight()).toBe(5);
    },
  );

  test('without a scan, the numbers only a scan counts say so and the others show', async () => {
    bareInstance(
      () => new HttpResponse(null, { status: 404 }),
      () =>
        HttpResponse.json(
          {
            status: 404,
            statusReason: 'Not Found',
            message: 'no scan has completed yet',
            path: '',
          },
          { status: 404 },
        ),
    );
    const answer = await getStatistics();
    expect(answer.statistics).toEqual({
      total: statistics.total,
      locked: statistics.locked,
      invalid: statistics.invalid,
      invalidLink: statistics.invalidLink,
      archived: statistics.archived,
    });
    expect(Object.keys(answer.failures)).toEqual(fromScan);
    expect(answer.failures.onDatasets).toMatch(/none has finished yet/);
    expect(answer.fromScan).toBeUndefined();
  });

  test.each([401, 403, 500])('a %i is not hidden by the fallback', async (status) => {
    const { searches } = bareInstance(() => new HttpResponse(null, { status }));
    await expect(getStatistics()).rejects.toMatchObject({ status });
    expect(searches).toHaveLength(0);
  });

  test('a failing search fails only its own number, with its reason', async () => {
    bareInstance(() => new HttpResponse(null, { status: 404 }));
    server.use(
      http.post(apiPaths.search, async ({ request }) => {
        const search = (await request.json()) as SearchRequest;
        if (search.filters[0]?.field === 'invalid') return new HttpResponse(null, { status: 503 });
        return HttpResponse.json({
          totalHits: totalFor[JSON.stringify(search.filters.map((filter) => filter.field))],
          results: [],
          hasMore: false,
          degraded: false,
        });
      }),
    );
    const answer = await getStatistics();
    expect(answer.statistics.invalid).toBeUndefined();
    expect(answer.failures.invalid).toBeTruthy();
    expect(Object.keys(answer.failures)).toEqual(['invalid']);
    expect(answer.statistics).toMatchObject({ total: 2000, locked: 241, onDatasets: 1694 });
  });

  test('when every search fails, the whole answer fails', async () => {
    bareInstance(() => new HttpResponse(null, { status: 404 }));
    server.use(http.post(apiPaths.search, () => new HttpResponse(null, { status: 503 })));
    await expect(getStatistics()).rejects.toMatchObject({ status: 503 });
  });
});
