import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import type { FieldStore } from '../store/field-store';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { buildServer, redactedLogPaths } from './build-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const searchBody = { filters: [], sort: { field: 'name', ascending: true }, limit: 10 };

describe('error statuses answer the one error shape', () => {
  it('400 for malformed JSON', async () => {
    const response = await server.request('POST', apiPaths.search, '{"filters": [', {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      statusReason: 'Bad Request',
      message: 'the body is not valid JSON',
      path: apiPaths.search,
    });
  });

  it('404 for an unknown API route', async () => {
    const response = await server.request('GET', `${API_BASE}/functions/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      status: 404,
      statusReason: 'Not Found',
      path: `${API_BASE}/functions/nothing-here`,
    });
  });

  it('405 for a known path with another method, naming the allowed ones', async () => {
    const search = await server.request('GET', apiPaths.search);
    expect(search.status).toBe(405);
    expect(search.headers.get('allow')).toBe('POST');
    expect((await search.json()).message).toBe('this path takes POST');
    const template = await server.request('PATCH', apiPaths.template(1), { locked: true });
    expect(template.status).toBe(405);
    expect(template.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
    const statistics = await server.request('POST', apiPaths.statistics, searchBody);
    expect(statistics.status).toBe(405);
  });

  it('413 for a body over 64 KiB', async () => {
    const body = { ...searchBody, name: 'x'.repeat(70 * 1024) };
    const response = await server.request('POST', apiPaths.search, body);
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('the body is larger than 64 KiB');
  });

  it("413 names the route's own limit where it reads larger bodies", async () => {
    const body = { create: [], update: [{ id: 1, name: 'x'.repeat(4 * 1024 * 1024) }] };
    const response = await server.request('POST', apiPaths.bulkTemplate, body);
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('the body is larger than 4 MiB');
  });

  it('415 for a body that is not sent as JSON', async () => {
    const response = await server.request('POST', apiPaths.search, JSON.stringify(searchBody), {
      'content-type': 'text/plain',
    });
    expect(response.status).toBe(415);
    expect((await response.json()).message).toMatch(/Content-Type: application\/json/);
  });

  it('500 says nothing internal', async () => {
    const failing = {
      search: () => {
        throw new Error('SQLITE_CORRUPT at /secret/path');
      },
    } as unknown as FieldStore;
    const app = await buildServer({
      api: { kind: 'embedded', store: failing, tokens: { verify: () => true } },
    });
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.search,
      payload: searchBody,
      headers: { [TOKEN_HEADER]: 't' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      statusReason: 'Internal Server Error',
      message: 'the service failed unexpectedly; the fault has been logged',
      path: apiPaths.search,
    });
    await app.close();
  });
});

describe('authentication', () => {
  const routes: Array<[string, string, unknown]> = [
    ['POST', apiPaths.search, searchBody],
    ['GET', apiPaths.template(1), undefined],
    ['PUT', apiPaths.template(1), { locked: true }],
    ['GET', apiPaths.statistics, undefined],
    ['GET', `${API_BASE}/unknown`, undefined],
  ];
  it.each(routes)('%s %s needs a token', async (method, path, body) => {
    for (const token of [undefined, '', 'not-a-real-token']) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(token === undefined ? {} : { [TOKEN_HEADER]: token }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status).toBe(401);
      const error = await response.json();
      expect(Object.keys(error).sort()).toEqual(['message', 'path', 'status', 'statusReason']);
      expect(error.message).toMatch(/token/);
    }
  });

  it('a refused lock changes nothing', async () => {
    await fetch(`${server.url}${apiPaths.template(1)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: 'wrong' },
      body: JSON.stringify({ locked: true }),
    });
    const field = await (await server.request('GET', apiPaths.template(1))).json();
    expect(field.locked).toBe(false);
  });

  it('slows down a client that keeps failing with 429 and Retry-After', async () => {
    const limited = await startTestServer({ failedAuthLimiter: new FailedAuthLimiter(3, 60_000) });
    try {
      const attempt = (token: string) =>
        fetch(`${limited.url}${apiPaths.statistics}`, { headers: { [TOKEN_HEADER]: token } });
      for (let i = 0; i < 3; i += 1) expect((await attempt('wrong')).status).toBe(401);
      const refused = await attempt('wrong');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).message).toMatch(/too many failed authentications/);
    } finally {
      await limited.close();
    }
  });

  it('never writes the token into a log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const failing = {
      search: () => {
        throw new Error('boom');
      },
    } as unknown as FieldStore;
    const app = await buildServer({
      api: {
        kind: 'embedded',
        store: failing,
        tokens: { verify: (token) => token === TEST_TOKEN },
      },
      logger: { level: 'trace', redact: redactedLogPaths, stream },
    });
    for (const token of [TEST_TOKEN, 'a-wrong-secret-token']) {
      await app.inject({
        method: 'POST',
        url: apiPaths.search,
        payload: searchBody,
        headers: { [TOKEN_HEADER]: token },
      });
    }
    await app.close();
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).not.toContain(TEST_TOKEN);
    expect(log).not.toContain('a-wrong-secret-token');
  });
});

describe('security headers', () => {
  it('are on answers, refusals and unknown paths of the embedded service', async () => {
    const answers = [
      await server.request('POST', apiPaths.search, searchBody),
      await server.request('POST', apiPaths.search, searchBody, { [TOKEN_HEADER]: 'not-a-token' }),
      await server.request('GET', '/nothing-here'),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 401, 404]);
    for (const response of answers) {
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
