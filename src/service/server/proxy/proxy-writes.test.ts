import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkTemplateResponse } from '../../../contract/bulk-template';
import type { CalculatedField } from '../../../contract/field';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import type { SearchResponse } from '../../../contract/search';
import { openProxyAudit } from '../../audit/open-audit';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { buildServer } from '../build-server';
import type { ProxiedApi } from './proxied-api';

const TOKEN = 'instance-token-1234';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

let instance: TestServer;
let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;
beforeAll(async () => {
  instance = await startTestServer();
  closers.push(() => instance.close());
  // Production's search lags its writes; a GET of the field shows them at once.
  upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TOKEN,
    searchLagMs: 60_000,
  });
  closers.push(upstream.close);
});

/** A proxy with the audit's snapshot answering searches, its refresh clock stopped. */
async function startProxy(api: Partial<ProxiedApi> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'cfm-proxy-writes-'));
  const upstreamUrl = new URL(upstream.url);
  const audit = openProxyAudit({
    file: join(dir, 'audit.sqlite'),
    upstream: upstreamUrl,
    heldToken: api.heldToken,
    timeoutMs: 5000,
    concurrency: 4,
    keep: 5,
    refreshEveryMs: 3_600_000,
    now: () => 0,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream: upstreamUrl, timeoutMs: 5000, ...api },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 5 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  closers.push(async () => {
    await app.close();
    await audit.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // A DELETE sends an empty JSON body: the same-origin guard wants a JSON type on every change.
  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload: unknown = method === 'DELETE' ? {} : undefined,
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...(api.heldToken ? {} : { [TOKEN_HEADER]: TOKEN }),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const search = async (filters: unknown[]) => {
    const response = await call('POST', apiPaths.search, {
      filters,
      sort: { field: 'name', ascending: true },
      limit: 100,
    });
    return (response.json() as SearchResponse).results.map((item) => item.id);
  };
  // The table's first page starts the first scan; the snapshot answers once it is done.
  await search([]);
  await audit.service.scansSettled();
  return { call, search };
}

/** A field as the instance's own (lagging) search answers it. */
async function upstreamSearchItem(id: number) {
  const response = await fetch(`${upstream.url}${apiPaths.search}`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ filters: [], sort: { field: 'name', ascending: true }, limit: 100 }),
  });
  return ((await response.json()) as SearchResponse).results.find((item) => item.id === id);
}

describe('writes through the proxy to a production-shaped instance', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    proxy = await startProxy();
  });

  it('verifies a bulk call answered with an empty body by reading each field, and the table shows it at once', async () => {
    const sentFrom = upstream.requests.length;
    const response = await proxy.call('POST', apiPaths.bulkTemplate, {
      update: [
        { id: 3, owner: 103 },
        { id: 2, owner: 103 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as BulkTemplateResponse;
    // Field 2 is locked: the instance skipped it without a word, and the reading shows it.
    expect(results.map(({ id, status }) => [id, status])).toEqual([
      [3, 200],
      [2, 502],
    ]);
    expect(results[0]).toMatchObject({ field: { id: 3, owner: 103 } });
    // Searches the snapshot's refresh may send meanwhile are not this call's.
    const sent = upstream.requests
      .slice(sentFrom)
      .filter(({ url }) => url !== apiPaths.search)
      .map(({ method, url }) => `${method} ${url}`);
    expect(sent).toEqual([
      `POST ${apiPaths.bulkTemplate}`,
      `GET ${apiPaths.readField(3)}`,
      `GET ${apiPaths.readField(2)}`,
    ]);
    expect((await upstreamSearchItem(3))?.owner).toBe(101);
    expect(await proxy.search([{ field: 'owner', idList: [103] }])).toContain(3);
  });

  it('forwards an owner transfer that echoes the whole field, links included', async () => {
    const field = (await proxy.call('GET', apiPaths.template(5))).json() as CalculatedField;
    const response = await proxy.call('PUT', apiPaths.template(5), { ...field, owner: 101 });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as CalculatedField).owner).toBe(101);
    expect(await proxy.search([{ field: 'owner', idList: [101] }])).toContain(5);
  });

  it('deletes a field, and the table drops it at once', async () => {
    expect((await proxy.call('DELETE', apiPaths.template(10))).statusCode).toBe(204);
    expect(instance.stores.fields.getField(10)).toBeUndefined();
    expect(await proxy.search([])).not.toContain(10);
  });

  it('creates a field and checks formulas through the instance', async () => {
    const created = await proxy.call('POST', apiPaths.templates, {
      name: 'Through The Proxy',
      owner: 102,
      expression: '`Region`',
      links: [{ resource: { type: 'CARD', id: 'dr:1:1' } }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const field = created.json() as CalculatedField;
    expect(instance.stores.fields.getField(field.id)?.name).toBe('Through The Proxy');
    expect(await proxy.search([])).toContain(field.id);
    const checked = await proxy.call('POST', apiPaths.validateFormulas, {
      columns: ['Region'],
      formulas: { one: { formula: '`Nope`' } },
    });
    expect(checked.json()).toMatchObject({ allValid: false, invalidColumns: ['Nope'] });
  });

  it('refuses a malformed bulk call itself, sending the instance nothing', async () => {
    const bulkCalls = () =>
      upstream.requests.filter((request) => request.url === apiPaths.bulkTemplate).length;
    const sentBefore = bulkCalls();
    const response = await proxy.call('POST', apiPaths.bulkTemplate, {
      update: [{ id: 3, name: '' }, { name: 'no id' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'update[0] (id 3)',
      'update[1]',
    ]);
    expect(bulkCalls()).toBe(sentBefore);
  });
});

describe('a proxy holding the instance token', () => {
  const writes: Array<[string, 'PUT' | 'POST' | 'DELETE', string, unknown]> = [
    ['an update', 'PUT', apiPaths.template(4), { hidden: true }],
    // A page holding no token must send a JSON type to change anything (same-origin-guard.ts).
    ['a delete', 'DELETE', apiPaths.template(4), {}],
    ['a bulk update', 'POST', apiPaths.bulkTemplate, { update: [{ id: 4, hidden: true }] }],
    [
      'a create',
      'POST',
      apiPaths.templates,
      {
        name: 'x',
        owner: 101,
        expression: '1',
        links: [{ resource: { type: 'CARD', id: 'dr:1:1' } }],
      },
    ],
  ];

  it.each(writes)(
    'refuses %s with 403 unless started with --allow-writes',
    async (_label, method, url, body) => {
      const proxy = await startProxy({ heldToken: TOKEN });
      const writesSent = () => upstream.requests.filter((sent) => sent.url === url).length;
      const sentBefore = writesSent();
      const response = await proxy.call(method, url, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/--allow-writes/);
      expect(writesSent()).toBe(sentBefore);
    },
  );

  it('still locks and unlocks, one field or many', async () => {
    const proxy = await startProxy({ heldToken: TOKEN });
    expect((await proxy.call('PUT', apiPaths.template(4), { locked: true })).statusCode).toBe(200);
    const bulk = await proxy.call('POST', apiPaths.bulkTemplate, {
      update: [{ id: 4, locked: false }],
    });
    expect((bulk.json() as BulkTemplateResponse).results[0]).toMatchObject({ status: 200 });
    expect(instance.stores.fields.getField(4)?.locked).toBe(false);
  });

  it('forwards writes when started with --allow-writes', async () => {
    const proxy = await startProxy({ heldToken: TOKEN, allowWrites: true });
    const response = await proxy.call('PUT', apiPaths.template(4), { hidden: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(instance.stores.fields.getField(4)?.hidden).toBe(true);
  });
});
