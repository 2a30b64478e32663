import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { calculatedFieldSchema } from '../../../contract/field';
import { API_BASE, apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import { searchResponseSchema } from '../../../contract/search';
import { statisticsSchema } from '../../../contract/statistics';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { startStubUpstream } from '../../test-support/stub-upstream';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';
import { buildServer, redactedLogPaths } from '../build-server';

const searchBody = { filters: [], sort: { field: 'id', ascending: true }, limit: 3 };
let upstream: TestServer;
const opened: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = await startTestServer();
});
afterAll(() => upstream.close());
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function startProxy(options: {
  upstream: string;
  heldToken?: string;
  timeoutMs?: number;
  log?: string[];
  limiter?: FailedAuthLimiter;
}) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      options.log?.push(String(chunk));
      done();
    },
  });
  const app = await buildServer({
    api: {
      kind: 'proxy',
      upstream: new URL(options.upstream),
      heldToken: options.heldToken,
      timeoutMs: options.timeoutMs,
    },
    logger: { level: 'trace', redact: redactedLogPaths, stream },
    failedAuthLimiter: options.limiter,
  });
  opened.push(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // Each answer is read whole before the test goes on: fetch resolves on the headers,
  // and a stub closed while the proxy still relays a body leaves the proxy's
  // connection to this client open, so closing the proxy waited out its keep-alive.
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { [TOKEN_HEADER]: TEST_TOKEN },
  ) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const whole = await response.arrayBuffer();
    return new Response(response.status === 204 ? null : whole, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { url, call };
}

describe('proxy to a reference service', () => {
  it('answers search, detail and lock as the instance does, with the browser token', async () => {
    const proxy = await startProxy({ upstream: upstream.url });
    const direct = await (await upstream.request('POST', apiPaths.search, searchBody)).json();
    const proxied = await proxy.call('POST', apiPaths.search, searchBody);
    expect(proxied.status).toBe(200);
    expect(searchResponseSchema.parse(await proxied.json())).toEqual(direct);

    const locked = await proxy.call('PUT', apiPaths.template(10), { locked: true });
    expect(calculatedFieldSchema.parse(await locked.json()).locked).toBe(true);
    expect((await (await upstream.request('GET', apiPaths.template(10))).json()).locked).toBe(true);
    await proxy.call('PUT', apiPaths.template(10), { locked: false });

    const detail = await proxy.call('GET', apiPaths.template(1));
    expect(calculatedFieldSchema.parse(await detail.json()).expression).toContain('SUM(`Revenue`)');
    const statistics = await proxy.call('GET', apiPaths.statistics);
    expect(statisticsSchema.parse(await statistics.json()).total).toBe(14);
  });

  it('passes a refused token on as 401 in the one error shape, and slows down repeated failures', async () => {
    const proxy = await startProxy({
      upstream: upstream.url,
      limiter: new FailedAuthLimiter(2, 60_000),
    });
    const refused = await proxy.call('GET', apiPaths.statistics, undefined, {
      [TOKEN_HEADER]: 'wrong-token',
    });
    expect(refused.status).toBe(401);
    const body = await refused.json();
    expect(body).toMatchObject({
      status: 401,
      statusReason: 'Unauthorized',
      path: apiPaths.statistics,
    });
    expect(body.message).toBe('the developer token is not valid; check it or create a new one');
    await proxy.call('GET', apiPaths.statistics, undefined, { [TOKEN_HEADER]: 'wrong-token' });
    const slowed = await proxy.call('GET', apiPaths.statistics, undefined, {
      [TOKEN_HEADER]: 'wrong-token',
    });
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses a request without a token before it reaches the instance', async () => {
    const proxy = await startProxy({ upstream: upstream.url });
    const response = await proxy.call('GET', apiPaths.statistics, undefined, {});
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/header is missing/);
  });

  it('with a token it holds, sends that token and needs none from the browser', async () => {
    const proxy = await startProxy({ upstream: upstream.url, heldToken: TEST_TOKEN });
    const response = await proxy.call('POST', apiPaths.search, searchBody, {});
    expect(response.status).toBe(200);
    // Read to the end, so the connection is idle when the server closes.
    expect(searchResponseSchema.parse(await response.json()).results).toHaveLength(3);
    const config = await (await fetch(`${proxy.url}/api/app-config`)).json();
    expect(config).toEqual({ mode: 'proxy', tokenHeldByServer: true, demo: false });
  });

  it('tells the web app whether it must ask for a token', async () => {
    const proxy = await startProxy({ upstream: upstream.url });
    expect(await (await fetch(`${proxy.url}/api/app-config`)).json()).toEqual({
      mode: 'proxy',
      tokenHeldByServer: false,
      demo: false,
      tokenTrustMs: 300_000,
    });
  });
});

describe('proxy to a stub instance', () => {
  it('forwards only the API paths the app uses, with only the headers the API needs', async () => {
    const stub = await startStubUpstream(() => ({
      status: 200,
      body: '{"totalHits":0,"results":[],"hasMore":false,"degraded":false}',
    }));
    try {
      const proxy = await startProxy({
        upstream: `${stub.url}/base/`,
        heldToken: 'held-secret-token',
      });
      expect((await proxy.call('GET', `${API_BASE}/functions/other`, undefined, {})).status).toBe(
        404,
      );
      expect(
        (await proxy.call('GET', '/api/query/v2/functions/search', undefined, {})).status,
      ).toBe(404);
      expect(
        (await proxy.call('GET', `${API_BASE}/functions/template/..%2F..%2Fadmin`, undefined, {}))
          .status,
      ).toBe(400);
      const json = { 'content-type': 'application/json' };
      expect((await proxy.call('PATCH', apiPaths.template(3), undefined, json)).status).toBe(405);
      expect(stub.requests).toEqual([]);

      const response = await proxy.call('POST', `${apiPaths.search}?debug=1`, searchBody, {
        [TOKEN_HEADER]: 'browser-token',
        cookie: 'session=abc',
        authorization: 'Basic x',
      });
      expect(response.status).toBe(200);
      expect(stub.requests).toHaveLength(1);
      const [forwarded] = stub.requests;
      expect(forwarded!.url).toBe(`/base${apiPaths.search}`);
      expect(JSON.parse(forwarded!.body)).toEqual(searchBody);
      expect(forwarded!.headers[TOKEN_HEADER.toLowerCase()]).toBe('held-secret-token');
      expect(forwarded!.headers.cookie).toBeUndefined();
      expect(forwarded!.headers.authorization).toBeUndefined();
    } finally {
      await stub.close();
    }
  });

  it('passes hidden=true on with GET template and drops every other query parameter', async () => {
    const stub = await startStubUpstream(() => ({ status: 200, body: '{}' }));
    try {
      const proxy = await startProxy({ upstream: stub.url, heldToken: 'held-secret-token' });
      await proxy.call('GET', `${apiPaths.template(7)}?hidden=true`, undefined, {});
      await proxy.call('GET', `${apiPaths.template(7)}?hidden=false&debug=1`, undefined, {});
      await proxy.call('GET', `${apiPaths.template(7)}?hidden=yes&admin=true`, undefined, {});
      await proxy.call('GET', `${apiPaths.template(7)}?hidden=true&hidden=true`, undefined, {});
      await proxy.call('PUT', `${apiPaths.template(7)}?hidden=true`, { locked: true }, {});
      expect(stub.requests.map((request) => request.url)).toEqual([
        `${apiPaths.template(7)}?hidden=true`,
        `${apiPaths.template(7)}?hidden=false`,
        apiPaths.template(7),
        apiPaths.template(7),
        apiPaths.template(7),
        // The PUT's answer was not a field: it is read again, in the documented form.
        `${apiPaths.template(7)}?hidden=true`,
      ]);
    } finally {
      await stub.close();
    }
  });

  it('turns an upstream fault into 502 naming its status, never quoting an HTML body', async () => {
    const stub = await startStubUpstream(() => ({
      status: 500,
      contentType: 'text/html',
      body: '<html><script>alert(1)</script>stack trace</html>',
    }));
    try {
      const proxy = await startProxy({ upstream: stub.url, heldToken: 'held-secret-token' });
      const response = await proxy.call('GET', apiPaths.statistics);
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await response.json();
      expect(body.message).toBe('the upstream instance failed with 500 Internal Server Error');
      expect(JSON.stringify(body)).not.toContain('script');
    } finally {
      await stub.close();
    }
  });

  it('quotes an upstream JSON message as plain text on a 404, so the app can fall back', async () => {
    const stub = await startStubUpstream(() => ({
      status: 404,
      body: '{"message":"No such route\\n<b>x</b>"}',
    }));
    try {
      const proxy = await startProxy({ upstream: stub.url, heldToken: 'held-secret-token' });
      const response = await proxy.call('GET', apiPaths.template(5));
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe(
        'the upstream instance answered 404 Not Found: No such route <b>x</b>',
      );
    } finally {
      await stub.close();
    }
  });

  it('answers 504 when the instance is slower than the timeout', async () => {
    const stub = await startStubUpstream(() => ({ status: 200, body: '{}', delayMs: 2000 }));
    try {
      const proxy = await startProxy({
        upstream: stub.url,
        heldToken: 'held-secret-token',
        timeoutMs: 300,
      });
      const response = await proxy.call('GET', apiPaths.statistics);
      expect(response.status).toBe(504);
      expect((await response.json()).message).toBe(
        'the upstream instance did not answer within 0.3 s',
      );
    } finally {
      await stub.close();
    }
  });

  it('answers 502 when the instance is down, and the health check says so', async () => {
    const stub = await startStubUpstream(() => ({ status: 200, body: '{}' }));
    const address = stub.url;
    await stub.close();
    const proxy = await startProxy({ upstream: address, heldToken: 'held-secret-token' });
    const response = await proxy.call('GET', apiPaths.statistics);
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe(
      'the upstream instance could not be reached (ECONNREFUSED)',
    );
    const health = await (await fetch(`${proxy.url}/healthz`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      mode: 'proxy',
      upstream: { reachable: false, error: 'ECONNREFUSED' },
    });
  });

  it('reports a reachable instance in the health check, asked once for many calls, never naming it', async () => {
    const stub = await startStubUpstream(() => ({ status: 200, body: '{}' }));
    try {
      const proxy = await startProxy({ upstream: stub.url });
      const answers: string[] = [];
      for (let i = 0; i < 50; i += 1)
        answers.push(await (await fetch(`${proxy.url}/healthz`)).text());
      const health = JSON.parse(answers[0]!);
      expect(health).toMatchObject({ mode: 'proxy', upstream: { reachable: true, status: 200 } });
      expect(stub.requests).toHaveLength(1);
      const { host, port } = new URL(stub.url);
      for (const answer of answers) expect(answer).not.toMatch(new RegExp(`${host}|${port}`));
    } finally {
      await stub.close();
    }
  });

  it('never writes a token into a log line or an error body', async () => {
    const log: string[] = [];
    const stub = await startStubUpstream(() => ({ status: 503, body: '{"message":"down"}' }));
    try {
      const proxy = await startProxy({ upstream: stub.url, heldToken: 'held-secret-token', log });
      const response = await proxy.call('POST', apiPaths.search, searchBody, {
        [TOKEN_HEADER]: 'browser-secret-token',
      });
      const text = await response.text();
      expect(response.status).toBe(502);
      const everything = log.join('') + text;
      expect(everything).not.toContain('held-secret-token');
      expect(everything).not.toContain('browser-secret-token');
    } finally {
      await stub.close();
    }
  });
});

describe('security headers', () => {
  it('are on API answers, errors and the health check', async () => {
    const proxy = await startProxy({ upstream: upstream.url });
    for (const response of [
      await proxy.call('POST', apiPaths.search, searchBody),
      await proxy.call('GET', '/api/nothing'),
      await fetch(`${proxy.url}/healthz`),
    ]) {
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-eval');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
