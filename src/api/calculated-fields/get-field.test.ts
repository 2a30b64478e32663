import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import { startSession } from '../session';
import { calculatedField, searchItem, setupMockApi } from '../test-support/mock-api';
import { fieldKeys } from './field-keys';
import { getField, isFieldNotFound } from './get-field';

const templatePath = '/api/query/v1/functions/template/:id';
const searchPath = '/api/query/v1/functions/search';
const server = setupMockApi();

/** A bare instance: search over these ids, sorted by id, and no detail route. */
function bareInstance(ids: number[], missingRoute: () => Response) {
  const sorted = [...ids].sort((a, b) => a - b);
  const searches: SearchRequest[] = [];
  server.use(
    http.get(templatePath, missingRoute),
    http.post(searchPath, async ({ request }) => {
      const search = (await request.json()) as SearchRequest;
      searches.push(search);
      const offset = search.offset ?? 0;
      const results = sorted.slice(offset, offset + search.limit).map((id) => searchItem(id));
      const page: SearchResponse = {
        totalHits: sorted.length,
        results,
        hasMore: offset + results.length < sorted.length,
        degraded: false,
      };
      return HttpResponse.json(page);
    }),
  );
  return searches;
}

const methodNotAllowed = () =>
  HttpResponse.json(
    { status: 405, statusReason: 'Method Not Allowed', message: 'this path takes PUT', path: '' },
    { status: 405 },
  );
const unknownRoute = () => new HttpResponse('<h1>Not Found</h1>', { status: 404 });

let client: QueryClient;
beforeEach(() => {
  startSession('token-for-tests', false);
  client = new QueryClient();
});

describe('getField', () => {
  test('answers the complete field from the detail route', async () => {
    server.use(
      http.get(templatePath, ({ params }) => HttpResponse.json(calculatedField(Number(params.id)))),
    );
    await expect(getField(12, client)).resolves.toEqual({
      complete: true,
      field: calculatedField(12),
    });
  });

  test('a 404 for a field the instance does not have is "not found", whatever its words', async () => {
    const ids = Array.from({ length: 1000 }, (_, index) => index + 1);
    const gets: string[] = [];
    const searches = bareInstance(ids, () => HttpResponse.json({}, { status: 404 }));
    server.use(
      http.get(templatePath, ({ params }) => {
        gets.push(String(params.id));
        const id = Number(params.id);
        return ids.includes(id)
          ? HttpResponse.json(calculatedField(id))
          : HttpResponse.json({ error: 'NOT_FOUND', detail: 'Template gone' }, { status: 404 });
      }),
    );

    const error = await getField(5000, client).catch((reason: unknown) => reason);

    expect(isFieldNotFound(error)).toBe(true);
    // The field, then one field known to exist to learn that the route is there.
    expect(gets).toEqual(['5000', '1']);
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ sort: { field: 'name' }, limit: 1 });

    gets.length = 0;
    const again = await getField(6000, client).catch((reason: unknown) => reason);
    expect(isFieldNotFound(again)).toBe(true);
    expect(gets).toEqual(['6000']);
    expect(searches).toHaveLength(1);
  });

  test('on 405 it falls back to the cached search result, without asking again', async () => {
    const searches = bareInstance([1, 2, 3], methodNotAllowed);
    const page: SearchResponse = {
      totalHits: 1,
      results: [searchItem(2, { name: 'Cached' })],
      hasMore: false,
      degraded: false,
    };
    client.setQueryData(
      fieldKeys.search({ filters: [], sort: { field: 'name', ascending: true }, limit: 25 }),
      page,
    );

    const detail = await getField(2, client);

    expect(detail).toEqual({ complete: false, field: searchItem(2, { name: 'Cached' }) });
    expect(searches).toHaveLength(0);
  });

  test('a pasted URL on a bare instance locates the field by reading pages in created order', async () => {
    const ids = Array.from({ length: 12_000 }, (_, index) => index * 3 + 5);
    const searches = bareInstance(ids, unknownRoute);

    const detail = await getField(30_005, client);

    expect(detail).toEqual({ complete: false, field: searchItem(30_005) });
    // One search finds a field known to exist, whose detail 404s too: the route is missing.
    const [probe, ...locating] = searches;
    expect(probe).toMatchObject({ sort: { field: 'name' }, limit: 1 });
    // No sort by id (instances are not known to accept it): pages of 5,000 until found.
    expect(locating).toEqual(
      [0, 5000, 10_000].map((offset) => ({
        filters: [],
        sort: { field: 'created', ascending: true },
        limit: 5000,
        offset,
      })),
    );
  });

  test.each([5, 2999, 1502])('the lookup finds the field at any position (id %i)', async (id) => {
    const ids = Array.from({ length: 1000 }, (_, index) => index * 3 + 5);
    bareInstance(ids, unknownRoute);
    await expect(getField(id, client)).resolves.toMatchObject({ field: { id } });
  });

  test('a field the bare instance does not have is "not found"', async () => {
    bareInstance([10, 20, 30, 40], unknownRoute);
    const error = await getField(25, client).catch((reason: unknown) => reason);
    expect(isFieldNotFound(error)).toBe(true);
  });

  test('an empty bare instance has no field to find', async () => {
    const searches = bareInstance([], methodNotAllowed);
    const error = await getField(1, client).catch((reason: unknown) => reason);
    expect(isFieldNotFound(error)).toBe(true);
    expect(searches).toHaveLength(1);
  });

  test('other failures are not hidden by the fallback', async () => {
    const searches = bareInstance([1], () => new HttpResponse(null, { status: 500 }));
    await expect(getField(1, client)).rejects.toMatchObject({ status: 500 });
    expect(searches).toHaveLength(0);
  });
});
