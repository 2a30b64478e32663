import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalculatedField, SearchResultItem } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import type { SearchResponse } from '../../contract/search';
import { generateDemoInstance } from '../demo/generate-demo-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

// Request bodies in the exact shapes that published client code sends: a Python
// library's paging loop, bulk-administration scripts, a request collection and a
// reporting connector. Each must be answered 2xx, and paging must return every
// record exactly once.

const FIELDS = 2_600;
const instance = generateDemoInstance({ fields: FIELDS, seed: 21 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ instance });
});
afterAll(() => server.close());

/** Posts the body exactly as given, as a JSON string. */
async function post(body: string): Promise<SearchResponse> {
  const response = await server.request('POST', apiPaths.search, body);
  const text = await response.text();
  expect(response.status, text).toBeGreaterThanOrEqual(200);
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as SearchResponse;
}

async function getField(id: number): Promise<CalculatedField> {
  const response = await server.request('GET', apiPaths.template(id));
  expect(response.status).toBe(200);
  return (await response.json()) as CalculatedField;
}

/**
 * Pages the way the published loops do: the same body with offset moved on until
 * hasMore is false. `step` is how the loop moves: by the limit or by what came.
 */
async function pageThrough(
  template: (offset: number) => string,
  step: (page: SearchResponse, limit: number) => number,
  limit: number,
): Promise<{ items: SearchResultItem[]; totalHits: number }> {
  const items: SearchResultItem[] = [];
  let offset = 0;
  for (let pages = 0; pages < 100; pages += 1) {
    const page = await post(template(offset));
    items.push(...page.results);
    if (!page.hasMore) return { items, totalHits: page.totalHits };
    offset += step(page, limit);
  }
  throw new Error('paging did not end');
}

function expectEachOnce(items: SearchResultItem[], totalHits: number): void {
  const ids = items.map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(totalHits);
}

const byLimit = (_page: SearchResponse, limit: number) => limit;
const byResults = (page: SearchResponse) => page.results.length;

describe('a script that lists unused fields for deletion', () => {
  const body = (offset: number) =>
    `{"filters":[{"field":"notNested"},{"field":"inactive","value":true},{"field":"notvariable"}],"sort":{"field":"created","ascending":true},"limit":5000,"offset":${offset}}`;

  it('is answered with exactly the fields that are not nested, not active and not variables', async () => {
    const { items, totalHits } = await pageThrough(body, byLimit, 5000);
    expectEachOnce(items, totalHits);
    expect(totalHits).toBeGreaterThan(0);
    const nested = await post(
      '{"filters":[{"field":"nested"}],"sort":{"field":"id","ascending":true},"limit":5000}',
    );
    const nestedIds = new Set(nested.results.map((item) => item.id));
    for (const item of items) {
      expect(item.variable).toBe(false);
      expect(item.activeLinks).toEqual({});
      expect(nestedIds.has(item.id)).toBe(false);
    }
    const created = items.map((item) => item.created);
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('with owner lists as strings and a data set list added', async () => {
    const owners = instance.owners.slice(0, 12).map((owner) => `"${owner.id}"`);
    const dataSet = instance.dataSources[0]!.id;
    const withLists = (offset: number) =>
      `{"filters":[{"field":"notNested"},{"field":"inactive","value":true},{"field":"notvariable"},{"field":"owner","idList":[${owners.join(',')}]},{"field":"dataset","idList":["${dataSet}"]}],"sort":{"field":"created","ascending":true},"limit":5000,"offset":${offset}}`;
    const { items, totalHits } = await pageThrough(withLists, byLimit, 5000);
    expectEachOnce(items, totalHits);
    const ownerIds = new Set(instance.owners.slice(0, 12).map((owner) => owner.id));
    for (const item of items) {
      expect(ownerIds.has(item.owner)).toBe(true);
      expect(item.links.some((link) => link.resource.id === dataSet)).toBe(true);
    }
  });
});

describe('a script that finds the fields nesting a field, to repoint them', () => {
  it('gets every field whose expression nests the field, and only those', async () => {
    // `nested`: fields that some other field nests; the first one is the target.
    const nested = await post(
      '{"filters":[{"field":"nested"}],"sort":{"field":"id","ascending":true},"limit":5000}',
    );
    expect(nested.totalHits).toBeGreaterThan(20);
    const target = nested.results[0]!;

    const body = (offset: number) =>
      `{"name":"","filters":[{"field":"templateDependencies","value":"${target.id}"}],"sort":{"field":"name","ascending":true},"limit":1000,"offset":${offset}}`;
    const { items, totalHits } = await pageThrough(body, byResults, 1000);
    expectEachOnce(items, totalHits);
    expect(totalHits).toBeGreaterThan(0);
    for (const item of items) {
      const field = await getField(item.id);
      expect(field.functionTemplateDependencies).toContain(target.id);
      expect(field.expression).toMatch(new RegExp(`SERVICE_BEAST_MODE\\(\\s*${target.id}\\s*\\)`));
    }
    const nesting = instance.fields.filter((field) =>
      new RegExp(`SERVICE_BEAST_MODE\\(${target.id}\\)`).test(field.expression),
    );
    expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      nesting.map((field) => field.id),
    );
    const asNumber = await post(
      `{"name":"","filters":[{"field":"templateDependencies","value":${target.id}}],"sort":{"field":"name","ascending":true},"limit":1000,"offset":0}`,
    );
    expect(asNumber.results.map((item) => item.id)).toEqual(items.map((item) => item.id));
  });

  it('asking about a field that no field ever nested matches nothing, without an error', async () => {
    const page = await post(
      '{"name":"","filters":[{"field":"templateDependencies","value":"987654321"}],"sort":{"field":"name","ascending":true},"limit":1000,"offset":0}',
    );
    expect(page).toEqual({ totalHits: 0, results: [], hasMore: false, degraded: false });
  });
});

describe('a request collection that lists every field with "*"', () => {
  it('pages through every field once, 1,000 at a time', async () => {
    const body = (offset: number) =>
      `{"name":"*","filters":[],"sort":{"field":"name","ascending":true},"limit":1000,"offset":${offset}}`;
    const { items, totalHits } = await pageThrough(body, byLimit, 1000);
    expect(totalHits).toBe(FIELDS);
    expectEachOnce(items, totalHits);
  });
});

describe('paging loops over every field', () => {
  it.each([
    ['name', true, 1000, byLimit],
    ['name', false, 1000, byResults],
    ['created', true, 1000, byLimit],
    ['created', false, 5000, byLimit],
    ['lastModified', true, 1000, byResults],
    ['id', true, 5000, byLimit],
  ] as const)(
    'sorted by %s (ascending %s), %i at a time',
    async (field, ascending, limit, step) => {
      const body = (offset: number) =>
        `{"filters":[{"field":"notvariable"}],"sort":{"field":"${field}","ascending":${ascending}},"limit":${limit},"offset":${offset}}`;
      const { items, totalHits } = await pageThrough(body, step, limit);
      expectEachOnce(items, totalHits);
      expect(totalHits).toBe(instance.fields.filter((record) => !record.variable).length);
    },
  );
});

describe('inactive with a value', () => {
  it('true is the fields without an active link, false those with one; together every field', async () => {
    const inactive = await post(
      '{"filters":[{"field":"inactive","value":true}],"sort":{"field":"created","ascending":true},"limit":5000,"offset":0}',
    );
    const active = await post(
      '{"filters":[{"field":"inactive","value":false}],"sort":{"field":"created","ascending":true},"limit":5000,"offset":0}',
    );
    expect(inactive.totalHits + active.totalHits).toBe(FIELDS);
    expect(inactive.results.every((item) => Object.keys(item.activeLinks).length === 0)).toBe(true);
    expect(active.results.every((item) => Object.keys(item.activeLinks).length > 0)).toBe(true);
  });
});
