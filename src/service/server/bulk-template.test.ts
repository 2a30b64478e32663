import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkTemplateResponse } from '../../contract/bulk-template';
import type { CalculatedField } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import type { SearchResponse } from '../../contract/search';
import type { Statistics } from '../../contract/statistics';
import type { FieldRecordInput } from '../instance/instance-file';
import { fixtureInstance, SALES } from '../test-support/fixture-instance';
import { storeFingerprint } from '../test-support/store-fingerprint';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

// The fixture plus field 15, which nests "Gross Margin" (field 1), and 16, a
// second margin on the same data source a repoint can move 15 to.
const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };
const extra: FieldRecordInput[] = [
  {
    id: 15,
    name: 'Margin Pct',
    owner: 101,
    expression: 'SERVICE_BEAST_MODE(1) * 100',
    links: [onSales],
  },
  {
    id: 16,
    name: 'Gross Margin v2',
    owner: 101,
    expression: 'SUM(`Revenue`) - SUM(`Cost`)',
    links: [onSales],
  },
];

let server: TestServer;
let clock = Date.UTC(2026, 5, 1);
beforeAll(async () => {
  server = await startTestServer({
    instance: { ...fixtureInstance, fields: [...fixtureInstance.fields, ...extra] },
    now: () => clock,
  });
});
afterAll(() => server.close());

async function getField(id: number): Promise<CalculatedField> {
  const response = await server.request('GET', apiPaths.template(id));
  expect(response.status).toBe(200);
  return (await response.json()) as CalculatedField;
}

async function idsMatching(filters: unknown[]): Promise<number[]> {
  const response = await server.request('POST', apiPaths.search, {
    filters,
    sort: { field: 'id', ascending: true },
    limit: 100,
  });
  return ((await response.json()) as SearchResponse).results.map((item) => item.id);
}

async function bulk(body: unknown, query = ''): Promise<Response> {
  return server.request('POST', `${apiPaths.bulkTemplate}${query}`, body);
}

describe('POST /functions/bulk/template', () => {
  it('takes each item on its own: a call mixing good and bad items writes the good ones only', async () => {
    const locked = await getField(2);
    const unknownOwner = await getField(5);
    clock += 1000;
    const response = await bulk({
      update: [
        { id: 3, owner: 103 },
        { id: 2, name: 'Renamed' },
        { id: 99999, name: 'Nobody' },
        { id: 5, owner: 999 },
        { id: 4, hidden: true },
      ],
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as BulkTemplateResponse;
    expect(results.map(({ index, id, status }) => [index, id, status])).toEqual([
      [0, 3, 200],
      [1, 2, 409],
      [2, 99999, 404],
      [3, 5, 400],
      [4, 4, 200],
    ]);
    expect(results[0]).toMatchObject({ operation: 'update', field: { id: 3, owner: 103 } });
    expect(results[1]).toMatchObject({
      error: {
        status: 409,
        path: apiPaths.template(2),
        message: expect.stringMatching(/unlock it first/),
      },
    });
    expect(results[3]).toMatchObject({ error: { message: 'owner 999 is not a known user' } });
    expect(await getField(2)).toEqual(locked);
    expect(await getField(5)).toEqual(unknownOwner);
    expect((await getField(4)).hidden).toBe(true);
    expect(await idsMatching([{ field: 'owner', idList: [103] }])).toContain(3);
    expect(await idsMatching([{ field: 'hidden' }])).toContain(4);
  });

  it('locks and unlocks with update: [{id, locked}], as the app’s bulk lock sends it', async () => {
    clock += 1000;
    const response = await bulk({
      update: [
        { id: 7, locked: true },
        { id: 8, locked: true },
      ],
    });
    const { results } = (await response.json()) as BulkTemplateResponse;
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(await idsMatching([{ field: 'locked' }])).toEqual(expect.arrayContaining([7, 8]));
    expect((await getField(7)).lastModified).toBe(clock);
    await bulk({
      update: [
        { id: 7, locked: false },
        { id: 8, locked: false },
      ],
    });
    expect(await idsMatching([{ field: 'locked' }])).not.toContain(7);
  });

  it('creates fields, each with a new id, and statistics follow', async () => {
    const before = (await (await server.request('GET', apiPaths.statistics)).json()) as Statistics;
    const link = { resource: { type: 'DATA_SOURCE', id: SALES }, visible: true, active: false };
    const response = await bulk({
      create: [
        { name: 'Bulk One', owner: 101, expression: '`Revenue`', links: [link] },
        { name: 'Bulk Two', owner: 102, expression: '`Cost`', links: [link] },
      ],
      links: [],
      strict: false,
    });
    const { results } = (await response.json()) as BulkTemplateResponse;
    expect(results.map((result) => [result.operation, result.status])).toEqual([
      ['create', 200],
      ['create', 200],
    ]);
    const ids = results.map((result) => result.id!);
    expect(new Set(ids).size).toBe(2);
    expect((await getField(ids[1]!)).name).toBe('Bulk Two');
    const after = (await (await server.request('GET', apiPaths.statistics)).json()) as Statistics;
    expect(after.total).toBe(before.total + 2);
  });

  it('repoints a reference through update, as a published script sends it (whole field, links, strict)', async () => {
    const nesting = await getField(15);
    expect(await idsMatching([{ field: 'templateDependencies', value: '1' }])).toContain(15);
    clock += 1000;
    const response = await bulk(
      {
        update: [
          {
            ...nesting,
            expression: nesting.expression.replace(
              'SERVICE_BEAST_MODE(1)',
              'SERVICE_BEAST_MODE(16)',
            ),
          },
        ],
        links: nesting.links,
        strict: false,
      },
      '?strict=false',
    );
    const { results } = (await response.json()) as BulkTemplateResponse;
    expect(results[0]).toMatchObject({ status: 200, field: { id: 15, status: 'VALID' } });
    expect(await idsMatching([{ field: 'templateDependencies', value: 16 }])).toEqual([15]);
    expect(await idsMatching([{ field: 'templateDependencies', value: 1 }])).not.toContain(15);
  });

  it('runs a delete of unused fields through delete (ids as numbers or digits) and single DELETEs', async () => {
    const unused = await idsMatching([{ field: 'notnested' }, { field: 'inactive', value: true }]);
    const deletable = unused.filter((id) => ![2, 15, 16].includes(id)).slice(0, 3);
    expect(deletable.length).toBe(3);
    const [first, second, third] = deletable as [number, number, number];
    const response = await bulk({ delete: [first, String(second)] });
    const { results } = (await response.json()) as BulkTemplateResponse;
    expect(results.map(({ id, status }) => [id, status])).toEqual([
      [first, 204],
      [second, 204],
    ]);
    expect((await server.request('DELETE', apiPaths.template(third))).status).toBe(204);
    for (const id of deletable) {
      expect((await server.request('GET', apiPaths.template(id))).status).toBe(404);
    }
    expect(await idsMatching([])).not.toEqual(expect.arrayContaining(deletable));
  });
});

describe('a malformed bulk call is refused whole, naming each offending item, and changes nothing', () => {
  const link = { resource: { type: 'DATA_SOURCE', id: SALES } };
  it.each([
    [
      'more than 1,000 items',
      { delete: Array.from({ length: 1001 }, (_, i) => i + 1) },
      /at most 1,000 items \(got 1,001\)/,
      undefined,
    ],
    ['no items', { update: [] }, /at least one item/, undefined],
    [
      'malformed items among good ones',
      {
        update: [
          { id: 3, owner: 101 },
          { id: 4, name: '' },
          { name: 'no id' },
          { id: 6, colour: 'red' },
        ],
      },
      /3 problems/,
      ['update[1] (id 4)', 'update[2]', 'update[3] (id 6)'],
    ],
    [
      'a create without a name',
      { create: [{ owner: 101, expression: '1', links: [link] }] },
      /name must be a string/,
      ['create[0]'],
    ],
    [
      'a delete id that is not an id',
      { delete: [3, 'abc', -1] },
      /positive integer field id/,
      ['delete[1] (id "abc")', 'delete[2] (id -1)'],
    ],
    [
      'an id twice',
      { update: [{ id: 3, hidden: true }], delete: [3] },
      /appears twice/,
      ['delete[0] (id 3)'],
    ],
    [
      'an unknown property',
      { update: [{ id: 3, hidden: true }], remove: [1] },
      /remove "remove"/,
      undefined,
    ],
  ])('%s', async (_label, body, message, named) => {
    const stored = storeFingerprint(server.dataFile);
    const response = await bulk(body);
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error.message).toMatch(message);
    if (named) expect(error.errors.map((entry: { field: string }) => entry.field)).toEqual(named);
    expect(storeFingerprint(server.dataFile)).toBe(stored);
  });
});
