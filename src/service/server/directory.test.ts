import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_IDS_MAX } from '../../contract/directory';
import { apiPaths } from '../../contract/paths';
import { SALES, SALES_CARD, TICKETS, TICKETS_CARD } from '../test-support/fixture-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const directory = (query: string) => server.request('GET', `${apiPaths.directory}?${query}`);

async function answer(query: string) {
  const response = await directory(query);
  expect(response.status).toBe(200);
  return response.json();
}

describe('lookup by ids', () => {
  it('names owners, data sources with their columns, and cards with their data source', async () => {
    expect(
      await answer(`owners=102,101&dataSources=${TICKETS}&cards=${SALES_CARD},${TICKETS_CARD}`),
    ).toEqual({
      owners: [
        { id: 102, name: 'Grace Hopper', active: true },
        { id: 101, name: 'Ada Lovelace', active: true },
      ],
      dataSources: [{ id: TICKETS, name: 'Support Tickets', columns: ['Amount', 'Status'] }],
      cards: [
        { id: SALES_CARD, title: 'Revenue by Region', dataSourceId: SALES },
        { id: TICKETS_CARD, title: 'Open Tickets', dataSourceId: TICKETS },
      ],
      totalHits: 5,
      hasMore: false,
    });
  });

  it('leaves out ids it does not know, answers each id once, and takes repeated parameters', async () => {
    const found = await answer('owners=999&owners=101,101,&cards=dr:9:9');
    expect(found.owners).toEqual([{ id: 101, name: 'Ada Lovelace', active: true }]);
    expect(found.cards).toEqual([]);
    expect(found.totalHits).toBe(1);
  });
});

describe('lists for pickers', () => {
  it('lists one kind by name, case-insensitively, in name order, with paging', async () => {
    const first = await answer('list=owners&name=A&limit=2');
    expect(first.owners.map((owner: { name: string }) => owner.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    expect(first).toMatchObject({ dataSources: [], cards: [], totalHits: 3, hasMore: true });
    const second = await answer('list=owners&name=A&limit=2&offset=2');
    // Someone who has left is listed as such, for pickers not to offer them.
    expect(second.owners).toEqual([{ id: 103, name: 'Linus Torvalds', active: false }]);
    expect(second.hasMore).toBe(false);
  });

  it('gives data sources with columns and cards with their data source', async () => {
    const sources = await answer('list=dataSources&name=sales');
    expect(sources.dataSources).toEqual([
      {
        id: SALES,
        name: 'Sales Orders',
        columns: ['Revenue', 'Cost', 'Order Date', 'Region', 'Customer ID'],
      },
    ]);
    const cards = await answer('list=cards');
    expect(cards.cards.map((card: { title: string }) => card.title)).toEqual([
      'Open Tickets',
      'Revenue by Region',
    ]);
    expect(cards.totalHits).toBe(2);
  });

  it('reads % and _ as plain characters', async () => {
    expect((await answer('list=owners&name=%25')).totalHits).toBe(0);
    expect((await answer('list=owners&name=_')).totalHits).toBe(0);
  });
});

describe('bad requests', () => {
  it.each([
    ['', 'ask for ids'],
    ['list=owners&owners=101', 'not both'],
    ['owners=101&limit=5', 'not both'],
    ['owners=abc', 'owners must be numeric user ids'],
    ['list=fields', 'list must be one of owners, dataSources, cards'],
    ['list=owners&limit=0', 'limit must be a whole number from 1 to 500'],
    ['list=owners&limit=501', 'limit must be a whole number from 1 to 500'],
    ['list=owners&offset=-1', 'offset must be a whole number'],
    ['list=owners&name=a&name=b', 'name must be given once'],
    ['list=owners&sort=name', 'remove "sort"'],
    [
      `owners=${Array.from({ length: DIRECTORY_IDS_MAX + 1 }, (_, index) => index + 1).join(',')}`,
      `at most ${DIRECTORY_IDS_MAX} ids`,
    ],
  ])('%s is refused with a 400 that says why', async (query, message) => {
    const response = await directory(query);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toContain(message);
    expect(body.path).toBe(apiPaths.directory);
  });

  it('needs the token', async () => {
    const response = await fetch(`${server.url}${apiPaths.directory}?owners=101`);
    expect(response.status).toBe(401);
  });

  it('takes only GET', async () => {
    const response = await server.request('POST', apiPaths.directory, {});
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('an instance without the extension', () => {
  it('answers 404, as a real instance does', async () => {
    const bare = await startTestServer({ withoutDirectory: true });
    try {
      const response = await bare.request('GET', `${apiPaths.directory}?owners=101`);
      expect(response.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
