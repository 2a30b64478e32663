import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import type { DirectoryResponse } from '../../contract/directory';
import { apiPaths } from '../../contract/paths';
import { startSession } from '../session';
import { setupMockApi } from '../test-support/mock-api';
import { directoryIds } from './directory-keys';
import { listDirectory } from './list-directory';
import { lookupDirectory } from './lookup-directory';

const server = setupMockApi();

const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const TICKETS = '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c';

/** A directory over a small instance; every request's query string is kept. */
function directory() {
  const queries: URLSearchParams[] = [];
  const owners = new Map([[101, 'Ada Lovelace']]);
  const sources = new Map([
    [SALES, { id: SALES, name: 'Sales Orders', columns: ['Revenue'] }],
    [TICKETS, { id: TICKETS, name: 'Support Tickets', columns: ['Amount'] }],
  ]);
  const cards = new Map([['dr:1:1', { id: 'dr:1:1', title: 'Revenue', dataSourceId: TICKETS }]]);
  server.use(
    http.get(apiPaths.directory, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const ids = (name: string) => query.get(name)?.split(',') ?? [];
      const answer: DirectoryResponse = {
        owners: ids('owners').flatMap((id) => {
          const name = owners.get(Number(id)) ?? (Number(id) > 1000 ? `Owner ${id}` : undefined);
          return name ? [{ id: Number(id), name }] : [];
        }),
        dataSources: ids('dataSources').flatMap((id) => sources.get(id) ?? []),
        cards: ids('cards').flatMap((id) => cards.get(id) ?? []),
        totalHits: 0,
        hasMore: false,
      };
      return HttpResponse.json(answer);
    }),
  );
  return queries;
}

beforeEach(() => startSession('token-for-tests', false));

describe('lookupDirectory', () => {
  test("names owners, data sources and cards, and looks up the cards' data sources too", async () => {
    const queries = directory();
    const names = await lookupDirectory(
      directoryIds({ owners: [101, 5], dataSources: [SALES], cards: ['dr:1:1'] }),
      new QueryClient(),
    );
    expect(names.available).toBe(true);
    expect(names.owners.get(101)?.name).toBe('Ada Lovelace');
    expect(names.owners.has(5)).toBe(false);
    expect(names.cards.get('dr:1:1')?.title).toBe('Revenue');
    expect([...names.dataSources.keys()]).toEqual([SALES, TICKETS]);
    expect(queries.map((query) => query.toString())).toEqual([
      `owners=5%2C101&dataSources=${SALES}&cards=dr%3A1%3A1`,
      `dataSources=${TICKETS}`,
    ]);
  });

  test('asks for at most 100 ids of a kind per request', async () => {
    const queries = directory();
    const owners = Array.from({ length: 250 }, (_, index) => 2000 + index);
    const names = await lookupDirectory(directoryIds({ owners }), new QueryClient());
    expect(queries.map((query) => query.get('owners')!.split(',').length)).toEqual([100, 100, 50]);
    expect(names.owners.size).toBe(250);
  });

  test.each([404, 405])(
    'on a %i it answers "not available", and asks no more this session',
    async (status) => {
      let requests = 0;
      server.use(
        http.get(apiPaths.directory, () => {
          requests += 1;
          return new HttpResponse(null, { status });
        }),
      );
      const client = new QueryClient();
      expect((await lookupDirectory(directoryIds({ owners: [1] }), client)).available).toBe(false);
      expect((await lookupDirectory(directoryIds({ owners: [2] }), client)).available).toBe(false);
      expect(await listDirectory('owners', 'a', client)).toEqual({ available: false });
      expect(requests).toBe(1);
    },
  );

  test('any other failure is an error, not a missing directory', async () => {
    server.use(http.get(apiPaths.directory, () => new HttpResponse(null, { status: 500 })));
    const client = new QueryClient();
    await expect(lookupDirectory(directoryIds({ owners: [1] }), client)).rejects.toMatchObject({
      status: 500,
    });
  });
});

describe('listDirectory', () => {
  test('asks for one kind by name and answers the page', async () => {
    const queries: string[] = [];
    server.use(
      http.get(apiPaths.directory, ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({
          owners: [{ id: 101, name: 'Ada Lovelace' }],
          dataSources: [],
          cards: [],
          totalHits: 1,
          hasMore: false,
        });
      }),
    );
    const list = await listDirectory('owners', 'ada', new QueryClient());
    expect(list).toMatchObject({ available: true, owners: [{ id: 101 }], totalHits: 1 });
    expect(queries).toEqual(['?list=owners&name=ada&limit=50']);
  });
});
