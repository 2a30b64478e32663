import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchResponse } from '../../contract/search';
import type { FieldRecordInput } from '../instance/instance-file';
import { fixtureInstance, SALES } from '../test-support/fixture-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

// The fixture (fields 1 to 14) plus a chain on Sales: 15 references "Gross Margin"
// (field 1), 16 references 15, and 17 references 15 and 16.
const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };
const nestedFields: FieldRecordInput[] = [
  { id: 15, name: 'Margin Pct', owner: 101, expression: '`Gross Margin` * 100', links: [onSales] },
  {
    id: 16,
    name: 'Margin Label',
    owner: 102,
    expression: "CONCAT(`Margin Pct`, '%')",
    links: [onSales],
  },
  {
    id: 17,
    name: 'Margin Both',
    owner: 103,
    expression: '`Margin Pct` + LENGTH(`Margin Label`)',
    links: [onSales],
  },
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    instance: { ...fixtureInstance, fields: [...fixtureInstance.fields, ...nestedFields] },
  });
});
afterAll(() => server.close());

async function search(filters: unknown[], name?: string): Promise<Response> {
  return server.request('POST', apiPaths.search, {
    filters,
    sort: { field: 'id', ascending: true },
    limit: 100,
    ...(name === undefined ? {} : { name }),
  });
}

async function idsOf(filters: unknown[], name?: string): Promise<number[]> {
  const response = await search(filters, name);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as SearchResponse).results.map((item) => item.id);
}

const fixtureIds = Array.from({ length: 14 }, (_, index) => index + 1);

describe('nested reference filters', () => {
  it.each([
    ['nested', [{ field: 'nested' }], [15, 16, 17]],
    ['notnested', [{ field: 'notnested' }], fixtureIds],
    ['notNested, as published clients write it', [{ field: 'notNested' }], fixtureIds],
    ['NESTED', [{ field: 'NESTED' }], [15, 16, 17]],
    ['templateDependencies by number', [{ field: 'templateDependencies', value: 1 }], [15]],
    ['templateDependencies by string', [{ field: 'templateDependencies', value: '15' }], [16, 17]],
    ['templatedependencies in lower case', [{ field: 'templatedependencies', value: 16 }], [17]],
    ['a field nobody references', [{ field: 'templateDependencies', value: 17 }], []],
    ['an id with no field', [{ field: 'templateDependencies', value: 99999 }], []],
    ['a value that is no id', [{ field: 'templateDependencies', value: 'abc' }], []],
    ['zero', [{ field: 'templateDependencies', value: 0 }], []],
    [
      'with other filters',
      [
        { field: 'templateDependencies', value: '15' },
        { field: 'owner', idList: ['103'] },
      ],
      [17],
    ],
  ])('%s', async (_label, filters, expected) => {
    expect(await idsOf(filters)).toEqual(expected);
  });

  it.each([
    ['without a value', { field: 'templateDependencies' }, /needs a value: the id of a field/],
    ['with a boolean', { field: 'templateDependencies', value: true }, /needs a value/],
    [
      'with an idList',
      { field: 'templateDependencies', value: 1, idList: [1] },
      /unknown property "idList"/,
    ],
    ['nested with a value', { field: 'nested', value: true }, /unknown property "value"/],
  ])('refuses templateDependencies %s', async (_label, filter, message) => {
    const response = await search([filter]);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
  });

  it('lists the new filters among the accepted ones', async () => {
    const response = await search([{ field: 'bogus' }]);
    const { message } = await response.json();
    expect(message).toMatch(/nested/);
    expect(message).toMatch(/templateDependencies \(with value\)/);
  });
});

describe('search by name "*"', () => {
  it('alone matches every field; within a name it is an ordinary character', async () => {
    expect(await idsOf([], '*')).toEqual([...fixtureIds, 15, 16, 17]);
    expect(await idsOf([], '**')).toEqual([]);
  });
});

describe('search results carry variable and dataType', () => {
  it('as production sends them', async () => {
    const response = await search([{ field: 'variable' }]);
    const { results } = (await response.json()) as SearchResponse;
    expect(results.map(({ id, variable, dataType }) => ({ id, variable, dataType }))).toEqual([
      { id: 3, variable: true, dataType: 'DECIMAL' },
    ]);
  });
});
