import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_BASE } from '../../contract/audit';
import { BULK_LOCK_MAX_FIELDS, bulkLockResponseSchema } from '../../contract/bulk-lock';
import type { BulkLockResponse } from '../../contract/bulk-lock';
import type { CalculatedField } from '../../contract/field';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { findingsInstance } from '../audit/test-support/findings-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';

let server: TestServer;
let clock = Date.UTC(2026, 5, 1);
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

/** The bulk lock over inject, with the token unless `headers` says otherwise. */
function bulkLock(body: unknown, headers: Record<string, string> = {}, on = server) {
  return on.app.inject({
    method: 'POST',
    url: apiPaths.bulkLock,
    headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function singleLock(id: number, locked: boolean, on = server) {
  return on.app.inject({
    method: 'PUT',
    url: apiPaths.template(id),
    headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
    payload: JSON.stringify({ locked }),
  });
}

async function getField(id: number): Promise<CalculatedField> {
  const response = await server.app.inject({
    method: 'GET',
    url: apiPaths.template(id),
    headers: { [TOKEN_HEADER]: TEST_TOKEN },
  });
  expect(response.statusCode).toBe(200);
  return response.json<CalculatedField>();
}

const fieldIds = Array.from({ length: 14 }, (_, index) => index + 1);
const everyField = () => Promise.all(fieldIds.map(getField));

describe('bulk lock', () => {
  it('locks each field it can and answers each missing id as the single PUT would, in the order asked', async () => {
    const before = await getField(4);
    clock += 1000;
    const response = await bulkLock({ ids: [4, 99999, 5, 2], locked: true });
    expect(response.statusCode).toBe(200);
    const { results } = bulkLockResponseSchema.parse(response.json());

    expect(results.map((result) => [result.id, result.status])).toEqual([
      [4, 200],
      [99999, 404],
      [5, 200],
      [2, 200],
    ]);
    expect(results[0]).toEqual({
      id: 4,
      status: 200,
      field: { ...before, locked: true, lastModified: clock },
    });
    // Field 2 was locked already: answered as it is, its lastModified unmoved.
    const field2 = results[3] as Extract<BulkLockResponse['results'][number], { status: 200 }>;
    expect(field2.field.lastModified).toBeLessThan(clock);
    expect(results[1]).toEqual({
      id: 99999,
      status: 404,
      error: (await singleLock(99999, true)).json(),
    });
    expect(await getField(4)).toEqual({ ...before, locked: true, lastModified: clock });
  });

  it('unlocks, and search and a restart see what it did', async () => {
    clock += 1000;
    const response = await bulkLock({ ids: [4, 5], locked: false });
    expect(response.statusCode).toBe(200);
    const search = () =>
      server.request('POST', apiPaths.search, {
        filters: [{ field: 'locked' }],
        sort: { field: 'id', ascending: true },
        limit: 100,
      });
    const locked = async () =>
      ((await (await search()).json()) as { results: Array<{ id: number }> }).results.map(
        (field) => field.id,
      );
    expect(await locked()).toEqual([2]);
    clock += 1000;
    await bulkLock({ ids: [6, 7], locked: true });
    expect(await locked()).toEqual([2, 6, 7]);

    await server.restart();
    expect(await locked()).toEqual([2, 6, 7]);
    expect((await getField(6)).lastModified).toBe(clock);
  });

  it(`takes ${BULK_LOCK_MAX_FIELDS} ids and refuses one more with a bounded 400, changing nothing`, async () => {
    const most = Array.from({ length: BULK_LOCK_MAX_FIELDS }, (_, index) => index + 1);
    const many = await bulkLock({ ids: most, locked: false });
    expect(many.statusCode).toBe(200);
    expect(many.json<BulkLockResponse>().results).toHaveLength(BULK_LOCK_MAX_FIELDS);

    const before = await everyField();
    clock += 1000;
    const tooMany = await bulkLock({ ids: [...most, BULK_LOCK_MAX_FIELDS + 1], locked: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      `ids may list at most ${BULK_LOCK_MAX_FIELDS} fields (got ${BULK_LOCK_MAX_FIELDS + 1}); send the rest in further requests`,
    );
    expect(await everyField()).toEqual(before);
  });

  const refusals: Array<[string, unknown, RegExp]> = [
    ['no ids', { locked: true }, /^ids is required/],
    ['ids not a list', { ids: '1,2', locked: true }, /^ids must be a list of 1 to 100/],
    ['an empty list', { ids: [], locked: true }, /^ids must list at least one field/],
    [
      'an id twice',
      { ids: [1, 3, 1], locked: true },
      /^ids must list each field once; repeated: 1$/,
    ],
    [
      'an id that is no positive integer',
      { ids: [1, 0], locked: true },
      /positive integer \(got 0\)/,
    ],
    ['a digit string', { ids: ['3'], locked: true }, /positive integer \(got "3"\)/],
    ['no locked', { ids: [1] }, /^locked is required/],
    ['locked not a boolean', { ids: [1], locked: 'yes' }, /locked must be true or false/],
    ['another property', { ids: [1], locked: true, name: 'x' }, /takes only `ids` and `locked`/],
    ['a list as the body', [1, 2], /must be a JSON object/],
    ['malformed JSON', '{"ids": [1', /JSON/],
  ];
  it.each(refusals)('refuses %s with a 400 and changes nothing', async (_label, body, message) => {
    const before = await everyField();
    clock += 1000;
    const response = await bulkLock(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await everyField()).toEqual(before);
  });

  it('lists each problem of a long list once, at most twenty, in a small body', async () => {
    const ids = Array.from({ length: BULK_LOCK_MAX_FIELDS }, (_, index) => -index);
    const response = await bulkLock({ ids, locked: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(21);
    expect(response.body.length).toBeLessThan(8000);
  });

  it('answers only a known token, and never says the token back', async () => {
    const before = await everyField();
    clock += 1000;
    for (const token of ['', 'wrong-token-for-the-bulk-lock']) {
      const response = await bulkLock({ ids: [8, 9], locked: true }, { [TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(401);
      if (token) expect(response.body).not.toContain(token);
    }
    expect(await everyField()).toEqual(before);
  });

  it('takes only POST, and only JSON', async () => {
    const get = await server.app.inject({
      method: 'GET',
      url: apiPaths.bulkLock,
      headers: { [TOKEN_HEADER]: TEST_TOKEN },
    });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const text = await bulkLock('{"ids": [1], "locked": true}', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });
});

describe('bulk lock and the audit', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const audited of servers.splice(0)) await audited.close();
  });

  async function auditedServer(): Promise<TestServer> {
    const audited = await startTestServer({
      instance: findingsInstance,
      withAudit: true,
      now: () => Date.UTC(2026, 6, 1),
    });
    servers.push(audited);
    const scan = await audited.request('POST', `${AUDIT_BASE}/scans`);
    expect(scan.status).toBe(202);
    await audited.audit!.service.scansSettled();
    return audited;
  }

  /** Everything the audit API says about the instance as last seen (but when its scan ended). */
  async function auditView(audited: TestServer) {
    const read = async (path: string) => {
      const { scanFinished: _, ...answer } = (await (
        await audited.request('GET', `${AUDIT_BASE}${path}`)
      ).json()) as Record<string, unknown>;
      return answer;
    };
    const { changesSinceScan, version } = await read('/status');
    return {
      status: { changesSinceScan, version },
      findings: await read('/findings'),
      statistics: await read('/statistics'),
    };
  }

  it('records each field it changed as single PUTs of the same fields would', async () => {
    const bySingles = await auditedServer();
    const byBulk = await auditedServer();
    const before = await auditView(byBulk);
    for (const id of [10, 3, 1])
      expect((await singleLock(id, true, bySingles)).statusCode).toBe(200);
    const bulk = await bulkLock({ ids: [10, 424242, 3, 1], locked: true }, {}, byBulk);
    expect(bulk.statusCode).toBe(200);

    const afterBulk = await auditView(byBulk);
    // Field 3 was locked already, so it changed nothing; 10 and 1 did.
    expect(afterBulk.status.changesSinceScan).toBe(2);
    expect(afterBulk).not.toEqual(before);
    expect(afterBulk).toEqual(await auditView(bySingles));
    for (const id of [10, 3, 1]) {
      expect(byBulk.audit!.service.view()!.facts().get(id)).toEqual(
        bySingles.audit!.service.view()!.facts().get(id),
      );
    }
  });
});
