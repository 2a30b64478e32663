import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import type { DirectoryResponse } from '../../contract/directory';
import { namePaths } from '../../contract/names';
import { apiPaths } from '../../contract/paths';
import { startSession } from '../session';
import { setupMockApi } from '../test-support/mock-api';
import { nameHandlers } from '../test-support/mock-names';
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
  /** Each name request, as `kind: ids`. */
  function instanceNames() {
    const asked: string[] = [];
    server.use(
      ...nameHandlers(
        {
          owners: [
            { id: 101, name: 'Ada Lovelace' },
            { id: 102, name: 'Charles Babbage', active: false },
            ...Array.from({ length: 250 }, (_, index) => ({
              id: 2000 + index,
              name: `Owner ${index}`,
            })),
          ],
          dataSources: [{ id: SALES, name: 'Sales Orders' }],
          cards: [{ id: 'dr:1:1', title: 'Revenue' }],
        },
        (kind, ids) => asked.push(`${kind}: ${ids.length > 3 ? ids.length : ids.join(',')}`),
      ),
    );
    return asked;
  }

  test("names owners (with whether they are active), data sources and cards from the instance's name endpoints", async () => {
    const asked = instanceNames();
    const names = await lookupDirectory(
      directoryIds({ owners: [101, 102, 5], dataSources: [SALES], cards: ['dr:1:1'] }),
      new QueryClient(),
    );
    expect(names.owners.get(101)).toEqual({ id: 101, name: 'Ada Lovelace', active: true });
    expect(names.owners.get(102)?.active).toBe(false);
    expect(names.owners.has(5)).toBe(false);
    expect(names.dataSources.get(SALES)?.name).toBe('Sales Orders');
    expect(names.cards.get('dr:1:1')?.title).toBe('Revenue');
    expect(asked.sort()).toEqual(['cards: dr:1:1', `dataSources: ${SALES}`, 'users: 5,101,102']);
  });

  test('asks for at most 100 ids of a kind per request', async () => {
    const asked = instanceNames();
    const owners = Array.from({ length: 250 }, (_, index) => 2000 + index);
    const names = await lookupDirectory(directoryIds({ owners }), new QueryClient());
    expect(asked).toEqual(['users: 100', 'users: 100', 'users: 50']);
    expect(names.owners.size).toBe(250);
  });

  test("with columns, adds the directory extension's columns and the cards' data sources", async () => {
    instanceNames();
    const queries = directory();
    const names = await lookupDirectory(
      directoryIds({ owners: [101], dataSources: [SALES], cards: ['dr:1:1'] }),
      new QueryClient(),
      undefined,
      true,
    );
    expect(names.available).toBe(true);
    expect(names.dataSources.get(SALES)).toEqual({
      id: SALES,
      name: 'Sales Orders',
      columns: ['Revenue'],
    });
    expect(names.cards.get('dr:1:1')).toMatchObject({ title: 'Revenue', dataSourceId: TICKETS });
    expect(names.dataSources.get(TICKETS)?.columns).toEqual(['Amount']);
    expect(queries.map((query) => query.toString())).toEqual([
      `dataSources=${SALES}&cards=dr%3A1%3A1`,
      `dataSources=${TICKETS}`,
    ]);
  });

  test.each([404, 405])(
    'without the directory extension (%i), names all the same, and asks it no more this session',
    async (status) => {
      instanceNames();
      let requests = 0;
      server.use(
        http.get(apiPaths.directory, () => {
          requests += 1;
          return new HttpResponse(null, { status });
        }),
      );
      const client = new QueryClient();
      const ids = directoryIds({ owners: [101], dataSources: [SALES] });
      const names = await lookupDirectory(ids, client, undefined, true);
      expect(names.available).toBe(false);
      expect(names.owners.get(101)?.name).toBe('Ada Lovelace');
      expect(names.dataSources.get(SALES)?.columns).toBeUndefined();
      await lookupDirectory(ids, client, undefined, true);
      expect(await listDirectory('owners', 'a', client)).toEqual({ available: false });
      expect(requests).toBe(1);
    },
  );

  test('an instance without the name endpoints names nothing: ids are shown', async () => {
    server.use(...nameHandlers('missing'));
    const names = await lookupDirectory(
      directoryIds({ owners: [101], dataSources: [SALES], cards: ['dr:1:1'] }),
      new QueryClient(),
    );
    expect([names.owners.size, names.dataSources.size, names.cards.size]).toEqual([0, 0, 0]);
  });

  test('any other failure is an error', async () => {
    server.use(http.get(namePaths.users, () => new HttpResponse(null, { status: 500 })));
    await expect(
      lookupDirectory(directoryIds({ owners: [1] }), new QueryClient()),
    ).rejects.toMatchObject({ status: 500 });
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
