import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchResponse } from '../../contract/search';
import type { Statistics } from '../../contract/statistics';
import { statisticDefinitions, statisticNames } from '../../contract/statistics';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('counts the whole instance', async () => {
  const response = await server.request('GET', apiPaths.statistics);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    total: 14,
    onDatasets: 11,
    onCards: 3,
    inVisualizations: 3,
    locked: 1,
    invalid: 1,
    invalidLink: 2,
    archived: 1,
  });
});

it('follows a lock', async () => {
  await server.request('PUT', apiPaths.template(5), { locked: true });
  const statistics = await (await server.request('GET', apiPaths.statistics)).json();
  expect(statistics.locked).toBe(2);
});

// The audit page's numbers open the table with these filters (drill-down-links.ts);
// the e2e audit journey clicks one number and Locked in Chromium.
it('each statistic counts exactly the fields a search with its filters finds', async () => {
  const statistics = (await (
    await server.request('GET', apiPaths.statistics)
  ).json()) as Statistics;
  for (const name of statisticNames) {
    const response = await server.request('POST', apiPaths.search, {
      filters: statisticDefinitions[name].filters,
      sort: { field: 'id', ascending: true },
      limit: 1,
    });
    expect(((await response.json()) as SearchResponse).totalHits, name).toBe(statistics[name]);
  }
});
