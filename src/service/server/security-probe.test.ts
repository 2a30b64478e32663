// The defects a black-box probe found, each as it was reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { parseRawAnswer, rawExchange, rawRequest } from '../test-support/raw-request';
import { startStubUpstream } from '../test-support/stub-upstream';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { buildServer } from './build-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const searchBody = { filters: [], sort: { field: 'name', ascending: true }, limit: 10 };
const json = { 'content-type': 'application/json' };

function expectErrorShape(text: string, status: number) {
  const body = JSON.parse(text);
  expect(body).toMatchObject({
    status,
    statusReason: expect.any(String),
    path: expect.any(String),
  });
  expect(typeof body.message).toBe('string');
  return body;
}

function expectSecurityHeaders(get: (name: string) => string | undefined | null) {
  expect(get('content-security-policy') ?? '').toContain("default-src 'self'");
  expect(get('x-frame-options')).toBe('DENY');
  expect(get('x-content-type-options')).toBe('nosniff');
}

const fieldLocked = async (id: number) =>
  (await (await server.request('GET', apiPaths.template(id))).json()).locked as boolean;

describe('authentication holds on every spelling of an API path', () => {
  const encodedReads = [
    '/%61pi/query/v1/functions/statistics',
    '/api/%71uery/v1/functions/statistics',
    '/api/query/%761/functions/statistics',
    '/api/query/v1/functions/st%61tistics',
    '/api/query/v1/functions/template/%31',
    '/api/query/v1/functions/%74emplate/1',
  ];
  it.each(encodedReads)('GET %s without a token is 401 and shows no data', async (path) => {
    const answer = await rawRequest(server.url, { method: 'GET', path });
    expect(answer.status).toBe(401);
    expectErrorShape(answer.text, 401);
    expect(answer.text).not.toMatch(/"total"|"expression"/);
  });

  it('an encoded path cannot lock a field without a token', async () => {
    expect(await fieldLocked(5)).toBe(false);
    const answer = await rawRequest(server.url, {
      method: 'PUT',
      path: '/api/query/%761/functions/template/5',
      headers: json,
      body: '{"locked":true}',
    });
    expect(answer.status).toBe(401);
    expect(await fieldLocked(5)).toBe(false);
  });

  it('an encoded path does not get past the failed-authentication limit', async () => {
    const limited = await startTestServer({ failedAuthLimiter: new FailedAuthLimiter(3, 60_000) });
    try {
      for (let i = 0; i < 3; i += 1) {
        const refused = await rawRequest(limited.url, {
          method: 'GET',
          path: apiPaths.statistics,
          headers: { [TOKEN_HEADER]: 'wrong' },
        });
        expect(refused.status).toBe(401);
      }
      const encoded = await rawRequest(limited.url, {
        method: 'GET',
        path: '/%61pi/query/v1/functions/statistics',
        headers: { [TOKEN_HEADER]: 'wrong' },
      });
      expect(encoded.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a valid token is never refused by the failed-authentication limit', () => {
  it('answers a valid token from an address that others made fail', async () => {
    const limited = await startTestServer({ failedAuthLimiter: new FailedAuthLimiter(3, 60_000) });
    try {
      for (let i = 0; i < 5; i += 1) {
        await limited.request('GET', apiPaths.statistics, undefined, { [TOKEN_HEADER]: 'guess' });
      }
      const throttled = await limited.request('GET', apiPaths.statistics, undefined, {
        [TOKEN_HEADER]: 'guess',
      });
      expect(throttled.status).toBe(429);
      const valid = await limited.request('GET', apiPaths.statistics);
      expect(valid.status).toBe(200);
      const missing = await limited.request('GET', apiPaths.statistics, undefined, {
        [TOKEN_HEADER]: '',
      });
      expect(missing.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

/** `{"a":[[[ ... ]]]}` nested `depth` levels deep. */
function nested(depth: number, inner = '1'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

describe('deeply nested JSON is a 400, never a 500', () => {
  const depth = 5000;
  const bodies: Array<[string, string, string]> = [
    ['a nested locked', apiPaths.template(3), `{"locked":${nested(depth, 'true')}}`],
    [
      'a nested name',
      apiPaths.search,
      `{"filters":[],"sort":{"field":"name","ascending":true},"limit":1,"name":${nested(depth)}}`,
    ],
    [
      'nested filters',
      apiPaths.search,
      `{"filters":${nested(depth, '{"field":"locked"}')},"sort":{"field":"name","ascending":true},"limit":1}`,
    ],
    [
      'a nested object',
      apiPaths.search,
      `{"filters":[],"sort":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"limit":1}`,
    ],
  ];
  it.each(bodies)('%s', async (_label, path, body) => {
    const response = await server.request(path === apiPaths.search ? 'POST' : 'PUT', path, body);
    expect(response.status).toBe(400);
    const error = expectErrorShape(await response.text(), 400);
    expect(error.message).toMatch(/nest/);
    expect(await fieldLocked(3)).toBe(false);
  });
});

describe('framework errors answer the error shape with the security headers', () => {
  it('a bad percent-escape in the path', async () => {
    const answer = await rawRequest(server.url, {
      method: 'GET',
      path: '/api/query/v1/functions/template/%c0',
      headers: { [TOKEN_HEADER]: TEST_TOKEN },
    });
    expect(answer.status).toBe(400);
    const error = expectErrorShape(answer.text, 400);
    expect(error.message).toMatch(/percent/);
    expectSecurityHeaders((name) => answer.headers[name] as string | undefined);
  });

  it('a Content-Length that does not match the body', async () => {
    const body = JSON.stringify(searchBody);
    const text = await rawExchange(
      server.url,
      `POST ${apiPaths.search} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n` +
        `${TOKEN_HEADER}: ${TEST_TOKEN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 5\r\n\r\n${body}`,
    );
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const raw of answers) {
      const answer = parseRawAnswer(raw);
      expect(answer.status).toBe(400);
      expectErrorShape(answer.body, 400);
      expectSecurityHeaders((name) => answer.headers.get(name));
    }
  });

  it('a request the HTTP parser refuses (Content-Length with chunked encoding)', async () => {
    const text = await rawExchange(
      server.url,
      `POST ${apiPaths.search} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        'Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    const answer = parseRawAnswer(text);
    expect(answer.status).toBe(400);
    expectErrorShape(answer.body, 400);
    expectSecurityHeaders((name) => answer.headers.get(name));
  });
});

describe('error bodies are bounded', () => {
  it('4,000 unknown filters give a short answer that names the accepted filters once', async () => {
    const filters = Array.from({ length: 4000 }, () => ({ field: 'zz' }));
    const body = JSON.stringify({ ...searchBody, filters });
    expect(body.length).toBeLessThan(64 * 1024);
    const response = await server.request('POST', apiPaths.search, body);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(8 * 1024);
    const error = expectErrorShape(text, 400);
    expect(error.errors.length).toBeLessThanOrEqual(21);
    const listingAccepted = error.errors.filter((entry: { message: string }) =>
      entry.message.includes('invisualization'),
    );
    expect(listingAccepted).toHaveLength(1);
    expect(error.errors.at(-1).message).toMatch(/^and 3,9\d\d more problems$/);
  });

  it('a long unknown property name is not echoed in full', async () => {
    const key = 'k'.repeat(60_000);
    const response = await server.request(
      'PUT',
      apiPaths.template(1),
      `{"locked":true,"${key}":1}`,
    );
    expect(response.status).toBe(400);
    expect((await response.text()).length).toBeLessThan(4 * 1024);
    expect(await fieldLocked(1)).toBe(false);
  });
});

describe('methods', () => {
  it.each(['TRACE', 'PROPFIND', 'PATCH', 'OPTIONS'])(
    '%s on a known path is 405 with Allow',
    async (method) => {
      const answer = await rawRequest(server.url, {
        method,
        path: apiPaths.template(1),
        headers: { [TOKEN_HEADER]: TEST_TOKEN },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, PUT, DELETE');
      expectErrorShape(answer.text, 405);
    },
  );

  it('PROPFIND on an unknown API path is 404', async () => {
    const answer = await rawRequest(server.url, {
      method: 'PROPFIND',
      path: `${API_BASE}/functions/nothing`,
      headers: { [TOKEN_HEADER]: TEST_TOKEN },
    });
    expect(answer.status).toBe(404);
  });
});

describe('proxy mode forwards only its own spelling of its own paths', () => {
  const allowed = new Set([
    apiPaths.search,
    apiPaths.statistics,
    apiPaths.template(1),
    apiPaths.template(5),
    // `hidden` is the one query parameter passed on (the form production documents).
    apiPaths.readField(5),
  ]);
  const attempts: Array<[string, string]> = [
    ['POST', '/api/query/v1/functions/%73earch'],
    ['POST', '/api/query/v1/functions/search?'],
    ['POST', '/api/query/v1/functions/search?x=/../../admin'],
    ['POST', '/api/query/v1/functions/search;jsessionid=1'],
    ['POST', '/api/query/v1/functions/search/'],
    ['POST', '/api/query/v1/functions/%2573earch'],
    ['GET', '/%61pi/query/v1/functions/statistics'],
    ['GET', '/api/query/v1/functions/./statistics'],
    ['GET', '/api/query/v1/functions/x/../statistics'],
    ['GET', '/api/query/v1/functions/%2e%2e/%2e%2e/admin'],
    ['GET', '/api/query/v1/functions/template/%31'],
    ['GET', '/api/query/v1/functions/template/5;x=1'],
    ['GET', '/api/query/v1/functions/template/1%2F..%2F..%2Fadmin'],
    ['GET', '/api/query/v1/functions/template/%252e%252e%252fadmin'],
    ['GET', '/api/query/v1/functions/template/..%2f..%2fadmin'],
    ['GET', '/api/query/v1/functions/template/5?hidden=true&next=/admin'],
    ['GET', '/api/query/v1/functions/template/05'],
    ['GET', '/api/query/v1/users'],
    ['GET', '/api/query/v1//functions/statistics'],
    ['GET', '/api/query/v1/functions/template/1/../../../../admin'],
  ];

  it('sends every forwarded request to an allowed path, written by the proxy', async () => {
    const stub = await startStubUpstream(() => ({ status: 200, body: '{}' }));
    const proxy = await buildServer({
      api: { kind: 'proxy', upstream: new URL(stub.url), heldToken: 'held' },
    });
    const url = await proxy.listen({ host: '127.0.0.1', port: 0 });
    try {
      for (const [method, path] of attempts) {
        const answer = await rawRequest(url, {
          method,
          path,
          headers: json,
          body: method === 'POST' ? JSON.stringify(searchBody) : undefined,
        });
        expect([200, 400, 404, 405], `${method} ${path}`).toContain(answer.status);
        if (answer.status !== 200) expectErrorShape(answer.text, answer.status);
      }
      expect(stub.requests.length).toBeGreaterThan(0);
      for (const forwarded of stub.requests) expect(allowed).toContain(forwarded.url);
    } finally {
      await proxy.close();
      await stub.close();
    }
  });

  it('asks the instance for an unknown token, and lets a token it accepted past the limit', async () => {
    const stub = await startStubUpstream((request) =>
      request.headers[TOKEN_HEADER.toLowerCase()] === 'good'
        ? { status: 200, body: '{"totalHits":0,"results":[],"hasMore":false,"degraded":false}' }
        : { status: 401, body: '{"message":"bad token"}' },
    );
    const proxy = await buildServer({
      api: { kind: 'proxy', upstream: new URL(stub.url) },
      failedAuthLimiter: new FailedAuthLimiter(3, 60_000),
    });
    const url = await proxy.listen({ host: '127.0.0.1', port: 0 });
    const read = (token: string) =>
      rawRequest(url, {
        method: 'GET',
        path: apiPaths.statistics,
        headers: { [TOKEN_HEADER]: token },
      });
    try {
      expect((await read('good')).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await read('guess')).status).toBe(401);
      expect((await read('guess')).status).toBe(429);
      expect((await read('good')).status).toBe(200);
      const encoded = await rawRequest(url, {
        method: 'GET',
        path: '/%61pi/query/v1/functions/statistics',
        headers: { [TOKEN_HEADER]: 'guess' },
      });
      expect(encoded.status).toBe(429);
    } finally {
      await proxy.close();
      await stub.close();
    }
  });
});
