import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalculatedField } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import type { SearchResponse } from '../../contract/search';
import type { Statistics } from '../../contract/statistics';
import type { FieldRecordInput } from '../instance/instance-file';
import { fixtureInstance, SALES, SALES_CARD, TICKETS } from '../test-support/fixture-instance';
import { storeFingerprint } from '../test-support/store-fingerprint';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

// The fixture plus field 15, which nests "Gross Margin" (field 1).
const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };
const nesting: FieldRecordInput = {
  id: 15,
  name: 'Margin Pct',
  owner: 101,
  expression: 'SERVICE_BEAST_MODE(1) * 100',
  links: [onSales],
};

let server: TestServer;
let clock = Date.UTC(2026, 5, 1);
beforeAll(async () => {
  server = await startTestServer({
    instance: { ...fixtureInstance, fields: [...fixtureInstance.fields, nesting] },
    now: () => clock,
  });
});
afterAll(() => server.close());

async function getField(id: number): Promise<CalculatedField> {
  const response = await server.request('GET', apiPaths.template(id));
  expect(response.status).toBe(200);
  return (await response.json()) as CalculatedField;
}

async function idsMatching(filters: unknown[], name?: string): Promise<number[]> {
  const response = await server.request('POST', apiPaths.search, {
    filters,
    sort: { field: 'id', ascending: true },
    limit: 100,
    ...(name === undefined ? {} : { name }),
  });
  return ((await response.json()) as SearchResponse).results.map((item) => item.id);
}

async function statistics(): Promise<Statistics> {
  return (await server.request('GET', apiPaths.statistics)).json();
}

const update = (id: number | string, body: unknown) =>
  server.request('PUT', apiPaths.template(id), body);

describe('update a field: PUT /functions/template/{id}', () => {
  it('takes an owner transfer that echoes the whole field, links included, and search follows', async () => {
    const before = await getField(3);
    clock += 1000;
    const response = await update(3, { ...before, owner: 103 });
    expect(response.status).toBe(200);
    const after = (await response.json()) as CalculatedField;
    expect(after).toEqual({ ...before, owner: 103, lastModified: clock });
    expect(await getField(3)).toEqual(after);
    expect(await idsMatching([{ field: 'owner', idList: [103] }])).toContain(3);
    expect(await idsMatching([{ field: 'owner', idList: [101] }])).not.toContain(3);
  });

  it('derives status, checkSum, columns and functions from the new expression, never from the body', async () => {
    const before = await getField(6);
    expect(before.status).toBe('INVALID');
    clock += 1000;
    const response = await update(6, {
      expression: 'SUM(`Revenue`) + 1',
      status: 'INVALID',
      checkSum: before.checkSum,
      functions: ['MADE_UP'],
      aggregated: false,
      columnPositions: [],
    });
    expect(response.status).toBe(200);
    const after = (await response.json()) as CalculatedField;
    expect(after).toMatchObject({
      status: 'VALID',
      aggregated: true,
      columnPositions: [{ columnName: '`Revenue`', columnPosition: 4 }],
      lastModified: clock,
    });
    expect(after.functions.sort()).toEqual(['SERVICE_OP_ADD', 'SUM']);
    expect(after.checkSum).not.toBe(before.checkSum);
    expect(await idsMatching([{ field: 'invalid' }])).not.toContain(6);
    expect(await idsMatching([{ field: 'function', idList: ['SERVICE_OP_ADD'] }])).toContain(6);
  });

  it('trims the name, renames, and search finds the new name', async () => {
    clock += 1000;
    const response = await update(12, { name: '  Renamed Amount  ' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as CalculatedField).name).toBe('Renamed Amount');
    expect(await idsMatching([], 'renamed amount')).toEqual([12]);
    expect(await idsMatching([], 'Duplicate Name')).toEqual([13]);
  });

  it('answers a write that changes nothing with the field unchanged, lastModified unmoved', async () => {
    const before = await getField(5);
    clock += 1000;
    const response = await update(5, { ...before, name: before.name, global: before.global });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(before);
  });

  it('keeps the lock-only body as it was: {"locked": true} locks', async () => {
    clock += 1000;
    const response = await update(11, { locked: true });
    expect(response.status).toBe(200);
    expect(((await response.json()) as CalculatedField).locked).toBe(true);
    await update(11, { locked: false });
  });

  it('accepts ?strict=false and changes nothing because of it', async () => {
    clock += 1000;
    const response = await server.request('PUT', `${apiPaths.template(14)}?strict=false`, {
      hidden: true,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as CalculatedField).hidden).toBe(true);
  });
});

describe('an update refused changes nothing', () => {
  const cases: Array<[string, number, (field: CalculatedField) => unknown, number, RegExp]> = [
    ['a locked field', 2, () => ({ name: 'x' }), 409, /field 2 .* is locked .*unlock it first/],
    ['a locked field, even echoed unchanged', 2, (field) => field, 409, /unlock it first/],
    [
      'links changed',
      1,
      (field) => ({
        ...field,
        links: [{ ...field.links[0], resource: { type: 'DATA_SOURCE', id: TICKETS } }],
      }),
      400,
      /^links cannot be updated with this operation$/,
    ],
    [
      'links left with one fewer',
      14,
      (field) => ({ ...field, links: field.links.slice(1) }),
      400,
      /links cannot be updated/,
    ],
    ['an unknown owner', 1, () => ({ owner: 999 }), 400, /owner 999 is not a known user/],
    ['a stale checkSum', 1, () => ({ name: 'x', checkSum: 'f'.repeat(40) }), 409, /changed since/],
    ['a stale lastModified', 1, () => ({ name: 'x', lastModified: 1 }), 409, /changed since/],
    [
      'another id in the body',
      1,
      (field) => ({ ...field, id: 2 }),
      400,
      /is not the id in the path/,
    ],
    ['a name of spaces', 1, () => ({ name: '   ' }), 400, /name must not be empty/],
    ['a name of 257 characters', 1, () => ({ name: 'n'.repeat(257) }), 400, /at most 256/],
    ['an unknown property', 1, () => ({ name: 'x', colour: 'red' }), 400, /does not take "colour"/],
    ['a lock change inside an update', 1, () => ({ name: 'x', locked: true }), 400, /alone/],
    [
      'an owner that is not a number',
      1,
      () => ({ owner: '101' }),
      400,
      /owner must be a positive integer/,
    ],
    ['an unknown id', 99999, () => ({ name: 'x' }), 404, /no calculated field has the id 99999/],
  ];
  it.each(cases)('%s', async (_label, id, body, status, message) => {
    const current = id === 99999 ? await getField(1) : await getField(id);
    const stored = storeFingerprint(server.dataFile);
    clock += 1000;
    const response = await update(id, body(current));
    expect(response.status).toBe(status);
    const error = await response.json();
    expect(error).toMatchObject({ status, path: apiPaths.template(id) });
    expect(error.message).toMatch(message);
    expect(storeFingerprint(server.dataFile)).toBe(stored);
  });

  it('answers a stale write with the field as it is now', async () => {
    const current = await getField(1);
    const response = await update(1, { name: 'x', lastModified: current.lastModified - 1 });
    expect(response.status).toBe(409);
    expect((await response.json()).field).toEqual(current);
  });
});

describe('create a field: POST /functions/template', () => {
  it('answers the complete field with a new id and legacyId, and search and statistics follow', async () => {
    const total = (await statistics()).total;
    clock += 1000;
    const response = await server.request('POST', apiPaths.templates, {
      name: 'Net Revenue',
      owner: 102,
      expression: 'SUM(`Revenue`) - SUM(`Cost`)',
      links: [{ resource: { type: 'DATA_SOURCE', id: SALES }, visible: true, active: false }],
      dataType: 'DECIMAL',
    });
    expect(response.status).toBe(200);
    const field = (await response.json()) as CalculatedField;
    expect(field).toMatchObject({
      name: 'Net Revenue',
      owner: 102,
      status: 'VALID',
      locked: false,
      created: clock,
      lastModified: clock,
      links: [
        {
          resource: { type: 'DATA_SOURCE', id: SALES },
          visible: true,
          active: false,
          valid: 'VALID',
        },
      ],
    });
    expect(field.id).toBeGreaterThan(15);
    expect(field.legacyId).toMatch(/^calculation_[0-9a-f-]{36}$/);
    expect(await getField(field.id)).toEqual(field);
    expect(await idsMatching([], 'net revenue')).toEqual([field.id]);
    expect((await statistics()).total).toBe(total + 1);
  });

  it('saves a field on cards alone', async () => {
    const response = await server.request('POST', apiPaths.templates, {
      name: 'On A Card',
      owner: 101,
      expression: '`Region`',
      links: [{ resource: { type: 'CARD', id: SALES_CARD }, visible: true, active: true }],
    });
    expect(response.status).toBe(200);
    expect(await idsMatching([{ field: 'card', idList: [SALES_CARD] }])).toContain(
      ((await response.json()) as CalculatedField).id,
    );
  });

  const link = (type: string, id: string) => ({
    resource: { type, id },
    visible: true,
    active: true,
  });
  it.each([
    ['an unknown owner', { owner: 999 }, /999 is not a known user/],
    ['no links', { links: [] }, /links must name the data source/],
    [
      'two data sources',
      { links: [link('DATA_SOURCE', SALES), link('DATA_SOURCE', TICKETS)] },
      /exactly one visible DATA_SOURCE link/,
    ],
    [
      'an unknown data source',
      { links: [link('DATA_SOURCE', 'nope')] },
      /no DATA_SOURCE has the id nope/,
    ],
    ['a name of spaces', { name: ' ' }, /name must not be empty/],
    ['no expression', { expression: undefined }, /expression must be a string/],
  ])('refuses %s and changes nothing', async (_label, change, message) => {
    const stored = storeFingerprint(server.dataFile);
    const response = await server.request('POST', apiPaths.templates, {
      name: 'Refused',
      owner: 101,
      expression: '1',
      links: [link('DATA_SOURCE', SALES)],
      ...change,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
    expect(storeFingerprint(server.dataFile)).toBe(stored);
  });
});

describe('delete a field: DELETE /functions/template/{id}', () => {
  it('deletes the field; the field that nested it is derived again; statistics follow', async () => {
    expect((await getField(15)).links.every((link) => link.valid === 'VALID')).toBe(true);
    const total = (await statistics()).total;
    const response = await server.request('DELETE', apiPaths.template(1));
    expect(response.status).toBe(204);
    expect((await server.request('GET', apiPaths.template(1))).status).toBe(404);
    expect((await statistics()).total).toBe(total - 1);
    expect(await idsMatching([], 'gross margin')).toEqual([2]);
    const nested = await getField(15);
    expect(nested.status).toBe('INVALID');
    expect(nested.links.find((one) => one.resource.type === 'FUNCTION_TEMPLATE')).toMatchObject({
      resource: { id: '1' },
      valid: 'ILLEGAL_REFERENCE',
    });
    // Production's search still finds what nested the deleted field (a repoint script relies on it).
    expect(await idsMatching([{ field: 'templateDependencies', value: 1 }])).toEqual([15]);
  });

  it.each([
    ['a locked field', 2, 409, /is locked .*unlock it first/],
    ['an unknown id', 99999, 404, /no calculated field has the id 99999/],
  ])('refuses %s and changes nothing', async (_label, id, status, message) => {
    const stored = storeFingerprint(server.dataFile);
    const response = await server.request('DELETE', apiPaths.template(id));
    expect(response.status).toBe(status);
    expect((await response.json()).message).toMatch(message);
    expect(storeFingerprint(server.dataFile)).toBe(stored);
  });
});

describe('check formulas: POST /functions/validateFormulas', () => {
  it('answers the analyzer’s verdict on each formula against the columns given, storing nothing', async () => {
    const stored = storeFingerprint(server.dataFile);
    const response = await server.request('POST', `${apiPaths.validateFormulas}?strict=false`, {
      dataSourceId: SALES,
      columns: ['Revenue', { name: 'Cost', type: 'DECIMAL' }],
      formulas: {
        margin: { name: 'Margin', formula: 'SUM(`Revenue`) - SUM(`Cost`)', dataType: 'DECIMAL' },
        unknown: { name: 'Profit', formula: '`Profit` * 2' },
        broken: { name: 'Broken', formula: 'SUM(`Revenue`' },
      },
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.allValid).toBe(false);
    expect(answer.invalidColumns).toEqual(['Profit']);
    expect(answer.results.margin).toEqual({
      status: 'VALID',
      dataType: 'DECIMAL',
      containsAggregation: true,
      columnPositions: [
        { columnName: '`Revenue`', columnPosition: 4 },
        { columnName: '`Cost`', columnPosition: 21 },
      ],
      message: null,
    });
    expect(answer.results.unknown).toMatchObject({
      status: 'INVALID',
      message: expect.stringMatching(/`Profit` is not a column/),
    });
    expect(answer.results.broken.status).toBe('INVALID');
    expect(storeFingerprint(server.dataFile)).toBe(stored);
  });

  it('refuses a body without formulas', async () => {
    const response = await server.request('POST', apiPaths.validateFormulas, { columns: [] });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].field).toBe('formulas');
  });
});
