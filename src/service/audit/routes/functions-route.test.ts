import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_BASE } from '../../../contract/audit';
import type { FunctionsAnswer } from '../../../contract/audit-functions';
import { NO_SCAN_YET } from '../../../contract/no-scan-yet';
import { apiPaths } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { findingsInstance } from '../test-support/findings-instance';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const body = await answer.text();
  expect(answer.status, body).toBe(status);
  return JSON.parse(body) as T;
}

async function scannedServer(): Promise<TestServer> {
  const server = await startTestServer({ instance: findingsInstance, withAudit: true });
  servers.push(server);
  await json(server.request('POST', `${AUDIT_BASE}/scans`), 202);
  await server.audit!.service.scansSettled();
  return server;
}

const functionsOf = (server: TestServer, query = '') =>
  json<FunctionsAnswer>(server.request('GET', `${AUDIT_BASE}/functions${query}`));

describe('GET /api/audit/v1/functions', () => {
  it('before any scan, says that none has completed', async () => {
    const server = await startTestServer({ instance: findingsInstance, withAudit: true });
    servers.push(server);
    const missing = await json<{ message: string }>(
      server.request('GET', `${AUDIT_BASE}/functions`),
      404,
    );
    expect(missing.message).toBe(NO_SCAN_YET);
  });

  it('lists every function the fields use, most used first, each as many fields as the function filter finds', async () => {
    const server = await scannedServer();
    const answer = await functionsOf(server, '?limit=500');
    const names = answer.functions.map((usage) => usage.name);
    expect(names).toEqual(
      expect.arrayContaining(['SUM', 'SERVICE_OP_DIVIDE', 'SERVICE_OP_MULTIPLY', 'SERVICE_OP_ADD']),
    );
    expect(answer.totalHits).toBe(names.length);
    expect(answer.hasMore).toBe(false);
    const counts = answer.functions.map((usage) => usage.fields);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const usage of answer.functions) {
      const search = await json<{ totalHits: number }>(
        server.request('POST', apiPaths.search, {
          filters: [{ field: 'function', idList: [usage.name] }],
          sort: { field: 'id', ascending: true },
          limit: 1,
        }),
      );
      expect(search.totalHits, usage.name).toBe(usage.fields);
    }
  });

  it('finds names by any part in any case, and pages them', async () => {
    const server = await scannedServer();
    const ops = await functionsOf(server, '?name=service_op');
    expect(ops.functions.length).toBeGreaterThan(1);
    expect(ops.functions.every((usage) => usage.name.startsWith('SERVICE_OP_'))).toBe(true);

    const first = await functionsOf(server, '?name=op_&limit=1');
    expect(first).toMatchObject({ totalHits: ops.totalHits, hasMore: true });
    const second = await functionsOf(server, '?name=op_&limit=1&offset=1');
    expect(second.functions[0]).toEqual(ops.functions[1]);
    expect((await functionsOf(server, '?name=nothing-like-this')).functions).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 500'],
    ['?limit=abc', 'limit must be a whole number'],
    ['?name=a&name=b', 'name must be given once'],
    [`?name=${'x'.repeat(101)}`, 'name must be at most 100 characters'],
    ['?kind=all', 'the functions take name, offset and limit'],
  ])('refuses %s, saying why', async (query, message) => {
    const server = await scannedServer();
    const refused = await json<{ message: string }>(
      server.request('GET', `${AUDIT_BASE}/functions${query}`),
      400,
    );
    expect(refused.message).toContain(message);
  });
});
