import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchResponse } from '../../contract/search';
import type { FieldRecordInput } from '../instance/instance-file';
import { fixtureInstance, SALES } from '../test-support/fixture-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

// The fixture (fields 1 to 14) plus a chain on Sales: 15 nests "Gross Margin"
// (field 1), 16 nests 15, 17 nests 15 and 16; 18 nests itself; 19 nests 40, a
// field since deleted (no field has that id).
const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };
const nestedFields: FieldRecordInput[] = [
  {
    id: 15,
    name: 'Margin Pct',
    owner: 101,
    expression: 'SERVICE_BEAST_MODE(1) * 100',
    links: [onSales],
  },
  {
    id: 16,
    name: 'Margin Label',
    owner: 102,
    expression: "CONCAT(SERVICE_BEAST_MODE( 15 ), '%')",
    links: [onSales],
  },
  {
    id: 17,
    name: 'Margin Both',
    owner: 103,
    expression: 'SERVICE_BEAST_MODE(15) + LENGTH(SERVICE_BEAST_MODE(16))',
    links: [onSales],
  },
  {
    id: 18,
    name: 'Itself',
    owner: 101,
    expression: 'SERVICE_BEAST_MODE(18) + 1',
    links: [onSales],
  },
  {
    id: 19,
    name: 'Orphan',
    owner: 101,
    expression: 'SERVICE_BEAST_MODE(40) * 2',
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
const allIds = [...fixtureIds, 15, 16, 17, 18, 19];
/** Fields that some other field nests: 1, 15 and 16 (18 only nests itself). */
const nestedIds = [1, 15, 16];

describe('nested reference filters', () => {
  it.each([
    ['nested: some other field nests it', [{ field: 'nested' }], nestedIds],
    [
      'notnested: no other field does',
      [{ field: 'notnested' }],
      allIds.filter((id) => !nestedIds.includes(id)),
    ],
    [
      'notNested, as published clients write it',
      [{ field: 'notNested' }],
      allIds.filter((id) => !nestedIds.includes(id)),
    ],
    ['NESTED', [{ field: 'NESTED' }], nestedIds],
    ['templateDependencies by number', [{ field: 'templateDependencies', value: 1 }], [15]],
    ['templateDependencies by string', [{ field: 'templateDependencies', value: '15' }], [16, 17]],
    ['templatedependencies in lower case', [{ field: 'templatedependencies', value: 16 }], [17]],
    ['a field that nests itself', [{ field: 'templateDependencies', value: 18 }], [18]],
    [
      'a deleted field: whoever still nests it',
      [{ field: 'templateDependencies', value: 40 }],
      [19],
    ],
    ['a field nobody nests', [{ field: 'templateDependencies', value: 17 }], []],
    ['an id no field ever nested', [{ field: 'templateDependencies', value: 99999 }], []],
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
    expect(await idsOf([], '*')).toEqual(allIds);
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

describe('the complete field of a nesting field', () => {
  async function read(id: number) {
    const response = await server.request('GET', apiPaths.readField(id));
    expect(response.status).toBe(200);
    return response.json();
  }
  const functionTemplateLink = (id: string, valid: string) => ({
    resource: { type: 'FUNCTION_TEMPLATE', id },
    visible: false,
    active: true,
    valid,
  });

  it('lists the ids it nests and links each, not as a function', async () => {
    const field = await read(17);
    expect(field.functionTemplateDependencies).toEqual([15, 16]);
    expect(field.links.slice(1)).toEqual([
      functionTemplateLink('15', 'VALID'),
      functionTemplateLink('16', 'VALID'),
    ]);
    expect(field.functions).not.toContain('SERVICE_BEAST_MODE');
    expect(field.status).toBe('VALID');
  });

  it('is INVALID with a link not VALID when the field it nests is gone', async () => {
    const field = await read(19);
    expect(field.status).toBe('INVALID');
    expect(field.links.at(-1)).toEqual(functionTemplateLink('40', 'ILLEGAL_REFERENCE'));
  });

  it('is INVALID when it nests itself', async () => {
    expect((await read(18)).status).toBe('INVALID');
  });

  it('a field that nests none has no dependencies', async () => {
    expect((await read(2)).functionTemplateDependencies).toEqual([]);
  });
});
