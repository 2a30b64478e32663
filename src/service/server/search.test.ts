import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import { searchResponseSchema } from '../../contract/search';
import { apiPaths } from '../../contract/paths';
import { SALES, SALES_CARD, TICKETS_CARD } from '../test-support/fixture-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const allIds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
const without = (...ids: number[]) => allIds.filter((id) => !ids.includes(id));

/** Sends a body as any client might write it; the answer must have the contract's shape. */
async function search(body: Record<string, unknown>): Promise<SearchResponse> {
  const response = await server.request('POST', apiPaths.search, {
    filters: [],
    sort: { field: 'id', ascending: true },
    limit: 5000,
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return searchResponseSchema.parse(await response.json());
}

const idsOf = (response: SearchResponse) => response.results.map((result) => result.id);

describe('search filters', () => {
  // As clients write them, case variants included: the service reads names in any case.
  const cases: Array<[string, object[], number[]]> = [
    ['locked', [{ field: 'locked' }], [2]],
    ['notlocked', [{ field: 'notlocked' }], without(2)],
    ['variable', [{ field: 'variable' }], [3]],
    ['notvariable', [{ field: 'notvariable' }], without(3)],
    ['archived', [{ field: 'archived' }], [4]],
    ['notarchived', [{ field: 'notarchived' }], without(4)],
    ['global', [{ field: 'global' }], [5]],
    ['notglobal', [{ field: 'notglobal' }], without(5)],
    ['hidden', [{ field: 'hidden' }], [8]],
    ['nothidden', [{ field: 'nothidden' }], without(8)],
    ['aggregated among valid', [{ field: 'aggregated' }, { field: 'notinvalid' }], [1, 2, 7, 9]],
    [
      'notaggregated among valid',
      [{ field: 'notaggregated' }, { field: 'notinvalid' }],
      [3, 4, 5, 8, 10, 11, 12, 13, 14],
    ],
    ['invalid', [{ field: 'invalid' }], [6]],
    ['notinvalid', [{ field: 'notinvalid' }], without(6)],
    ['invalidlink', [{ field: 'invalidlink' }], [7, 14]],
    ['notinvalidlink', [{ field: 'notinvalidlink' }], without(7, 14)],
    ['active', [{ field: 'active' }], without(8, 10)],
    ['notactive', [{ field: 'notactive' }], [8, 10]],
    ['inactive with value true', [{ field: 'inactive', value: true }], [8, 10]],
    ['ondataset', [{ field: 'ondataset' }], without(8, 9, 10)],
    ['notondataset (saved on a card)', [{ field: 'notondataset' }], [8, 9, 10]],
    ['invisualization', [{ field: 'invisualization' }], [2, 9, 14]],
    ['notinvisualization', [{ field: 'notinvisualization' }], without(2, 9, 14)],
    ['field names ignore case', [{ field: 'NotVariable' }, { field: 'LOCKED' }], [2]],
    ['owner', [{ field: 'owner', idList: [101] }], [1, 3, 7, 12, 14]],
    ['owner, several', [{ field: 'owner', idList: [102, 103] }], [2, 4, 5, 6, 8, 9, 10, 11, 13]],
    ['dataset', [{ field: 'dataset', idList: [SALES] }], [1, 2, 3, 5, 6, 7, 14]],
    ['card', [{ field: 'card', idList: [SALES_CARD] }], [2, 8]],
    ['card, another', [{ field: 'card', idList: [TICKETS_CARD] }], [9, 14]],
    ['status', [{ field: 'status', idList: ['INVALID'] }], [6]],
    ['function', [{ field: 'function', idList: ['SERVICE_OP_DIVIDE'] }], [1, 8]],
    ['function, any of several', [{ field: 'function', idList: ['UPPER', 'LOWER'] }], [5, 14]],
    ['all filters hold', [{ field: 'owner', idList: [101] }, { field: 'invalidlink' }], [7, 14]],
  ];
  it.each(cases)('%s', async (_label, filters, expected) => {
    const response = await search({ filters });
    expect(idsOf(response)).toEqual(expected);
    expect(response.totalHits).toBe(expected.length);
  });
});

describe('search by name', () => {
  const cases: Array<[string, number[]]> = [
    ['', allIds],
    ['margin', [1, 2]],
    ['MARGIN', [1, 2]],
    ['%', [2, 4]],
    ['100%', [4]],
    ['g%n', []],
    ['_', [3, 14]],
    ['ss_', []],
    ['\\', [5]],
    ['duplicate NAME', [12, 13]],
    ['no such field', []],
  ];
  it.each(cases)('name %j', async (name, expected) => {
    expect(idsOf(await search({ name }))).toEqual(expected);
  });
});

describe('search sorting', () => {
  const byName = [4, 5, 6, 3, 12, 13, 1, 2, 8, 7, 10, 14, 9, 11];
  const cases: Array<[SearchRequest['sort']['field'], number[]]> = [
    ['name', byName],
    ['created', allIds],
    ['lastModified', [...allIds].reverse()],
    ['id', allIds],
  ];
  it.each(cases)('%s both ways, ties broken on id', async (field, ascending) => {
    expect(idsOf(await search({ sort: { field, ascending: true } }))).toEqual(ascending);
    expect(idsOf(await search({ sort: { field, ascending: false } }))).toEqual(
      [...ascending].reverse(),
    );
  });
});

describe('search paging', () => {
  it('limit 1 answers one record and says more follow', async () => {
    const response = await search({ limit: 1 });
    expect(idsOf(response)).toEqual([1]);
    expect(response).toMatchObject({ totalHits: 14, hasMore: true, degraded: false });
  });
  it('limit 5000 is accepted', async () => {
    expect((await search({ limit: 5000 })).results).toHaveLength(14);
  });
  it('an offset moves the page', async () => {
    const response = await search({ limit: 5, offset: 10 });
    expect(idsOf(response)).toEqual([11, 12, 13, 14]);
    expect(response.hasMore).toBe(false);
  });
  it('the last full page has no more', async () => {
    expect((await search({ limit: 4, offset: 10 })).hasMore).toBe(false);
    expect((await search({ limit: 4, offset: 9 })).hasMore).toBe(true);
  });
  it('an offset past the end answers no records but the total', async () => {
    const response = await search({ offset: 100 });
    expect(response).toEqual({ totalHits: 14, results: [], hasMore: false, degraded: false });
  });
  it('offset defaults to 0', async () => {
    expect(idsOf(await search({ limit: 2 }))).toEqual([1, 2]);
  });
});

describe('search result items', () => {
  it('carry exactly the fields of a search result, with activeLinks by type', async () => {
    const [item] = (await search({ filters: [{ field: 'owner', idList: [103] }], name: 'running' }))
      .results;
    expect(Object.keys(item!).sort()).toEqual([
      'activeLinks',
      'archived',
      'created',
      'dataType',
      'global',
      'id',
      'lastModified',
      'legacyId',
      'links',
      'locked',
      'name',
      'owner',
      'status',
      'variable',
    ]);
    expect(item!.activeLinks).toEqual({ DATA_SOURCE: [expect.any(String)], CARD: [TICKETS_CARD] });
    expect(item!.legacyId).toMatch(/^calculation_[0-9a-f-]{36}$/);
  });
  it('leave out link types with no active link', async () => {
    const [item] = (await search({ name: 'hidden ratio' })).results;
    expect(item!.activeLinks).toEqual({});
    expect(item!.links).toEqual([
      { resource: { type: 'CARD', id: SALES_CARD }, visible: true, active: false, valid: 'VALID' },
    ]);
  });
});

describe('search refuses bad requests with 400', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['limit 0', { limit: 0 }, /limit must be an integer from 1 to 5000 \(got 0\)/],
    ['limit 5001', { limit: 5001 }, /limit must be an integer from 1 to 5000 \(got 5001\)/],
    ['limit 1.5', { limit: 1.5 }, /limit must be an integer from 1 to 5000 \(got 1.5\)/],
    ['limit as text', { limit: '10' }, /limit must be an integer from 1 to 5000/],
    ['negative offset', { offset: -1 }, /offset must be an integer of 0 or more/],
    [
      'unknown sort field',
      { sort: { field: 'archived', ascending: true } },
      /sort.field must be one of name, created, lastModified, id, owner, status, links, usage, problems/,
    ],
    ['sort without ascending', { sort: { field: 'name' } }, /sort.ascending must be true or false/],
    [
      'unknown filter',
      { filters: [{ field: 'bogus' }] },
      /"bogus" is not a known filter; accepted: variable, locked/,
    ],
    [
      'unknown filter property',
      { filters: [{ field: 'locked', value: 1 }] },
      /unknown property "value"/,
    ],
    ['list filter without idList', { filters: [{ field: 'owner' }] }, /needs a non-empty idList/],
    [
      'list filter with an empty idList',
      { filters: [{ field: 'dataset', idList: [] }] },
      /needs a non-empty idList/,
    ],
    ['filters not an array', { filters: 'locked' }, /filters is required: an array/],
    ['name too long', { name: 'x'.repeat(257) }, /name must be at most 256 characters/],
    ['name with a lone surrogate', { name: 'ab\ud808' }, /name must be well-formed Unicode text/],
    ['unknown property', { page: 2 }, /remove "page"/],
  ];
  it.each(cases)('%s', async (_label, override, message) => {
    const body = {
      filters: [],
      sort: { field: 'name', ascending: true },
      limit: 10,
      ...(override as object),
    };
    const response = await server.request('POST', apiPaths.search, body);
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error).toMatchObject({
      status: 400,
      statusReason: 'Bad Request',
      path: apiPaths.search,
    });
    expect(error.message).toMatch(message);
    expect(error.errors.length).toBeGreaterThan(0);
  });

  it('names every problem when there are several', async () => {
    const response = await server.request('POST', apiPaths.search, {
      filters: [{ field: 'x' }],
      sort: {},
      limit: 0,
    });
    const error = await response.json();
    expect(error.message).toMatch(/^4 problems: /);
    expect(error.errors.map((entry: { field: string }) => entry.field)).toEqual([
      'filters[0].field',
      'sort.field',
      'sort.ascending',
      'limit',
    ]);
  });

  it('requires filters, sort and limit', async () => {
    const response = await server.request('POST', apiPaths.search, {});
    const error = await response.json();
    expect(error.errors.map((entry: { field: string }) => entry.field)).toEqual([
      'filters',
      'sort',
      'limit',
    ]);
  });
});
