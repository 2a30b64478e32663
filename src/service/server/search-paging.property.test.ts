import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import type { SearchResultItem } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import { generateDemoInstance } from '../demo/generate-demo-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ instance: generateDemoInstance({ fields: 600, seed: 7 }) });
});
afterAll(() => server.close());

async function search(request: SearchRequest): Promise<SearchResponse> {
  const response = await server.request('POST', apiPaths.search, request);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResponse;
}

// Production's sorts; the copy's are checked against the SQL oracle (copy-sorts.test.ts).
type SortField = 'name' | 'created' | 'lastModified' | 'id';
const sortKey: Record<SortField, (item: SearchResultItem) => string | number> = {
  name: (item) => item.name.toLowerCase(),
  created: (item) => item.created,
  lastModified: (item) => item.lastModified,
  id: (item) => item.id,
};

function inOrder(
  a: SearchResultItem,
  b: SearchResultItem,
  field: SortField,
  ascending: boolean,
): boolean {
  const [x, y] = [sortKey[field](a), sortKey[field](b)];
  const comparison = x < y ? -1 : x > y ? 1 : a.id - b.id;
  return ascending ? comparison < 0 : comparison > 0;
}

const flagArbitrary = fc.constantFrom(
  'locked',
  'notlocked',
  'variable',
  'notvariable',
  'archived',
  'notarchived',
  'global',
  'hidden',
  'notinvalid',
  'invalid',
  'invalidlink',
  'active',
  'notactive',
  'aggregated',
  'notaggregated',
);
const requestArbitrary = fc.record({
  name: fc.constantFrom('', 'a', 'e', 'margin', 'RATE', '%', '_', 'to', 'customer', 'x', 'zz'),
  filters: fc
    .uniqueArray(flagArbitrary, { maxLength: 2 })
    .map((flags) => flags.map((field) => ({ field }))),
  sort: fc.record({
    field: fc.constantFrom<SortField>('name', 'created', 'lastModified', 'id'),
    ascending: fc.boolean(),
  }),
  pageSize: fc.integer({ min: 15, max: 120 }),
});

it('walking every page of any query yields each matching record once, in order', async () => {
  await fc.assert(
    fc.asyncProperty(requestArbitrary, async ({ name, filters, sort, pageSize }) => {
      const walked: SearchResultItem[] = [];
      let totalHits = -1;
      for (let offset = 0; ; offset += pageSize) {
        const page = await search({ name, filters, sort, limit: pageSize, offset });
        if (totalHits >= 0) expect(page.totalHits).toBe(totalHits);
        totalHits = page.totalHits;
        walked.push(...page.results);
        expect(page.hasMore).toBe(offset + page.results.length < page.totalHits);
        if (!page.hasMore) break;
      }
      expect(walked).toHaveLength(totalHits);
      expect(new Set(walked.map((item) => item.id)).size).toBe(totalHits);
      for (let i = 1; i < walked.length; i += 1) {
        expect(inOrder(walked[i - 1]!, walked[i]!, sort.field, sort.ascending)).toBe(true);
      }
      const whole = await search({ name, filters, sort, limit: 5000 });
      expect(walked.map((item) => item.id)).toEqual(whole.results.map((item) => item.id));
      for (const item of walked) expect(item.name.toLowerCase()).toContain(name.toLowerCase());
    }),
    { numRuns: 40 },
  );
});
