// What a page of another site can make a browser send to this server: a host
// name of its own rebound to this machine (DNS rebinding), a request with its
// Origin, or a no-cors POST. Each is refused before it reads or changes anything,
// in both modes, on every route.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_BASE } from '../../contract/audit';
import { APP_CONFIG_PATH, apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { openProxyAudit } from '../audit/open-audit';
import type { OpenedAudit } from '../audit/open-audit';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { buildServer } from '../server/build-server';
import { parseHostName } from '../server/same-origin-guard';
import { rawRequest } from '../test-support/raw-request';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';

const json = { 'content-type': 'application/json' };
const lock = JSON.stringify({ locked: true });

let dir: string;
let embedded: TestServer;
let upstream: TestServer;
let proxy: { url: string; app: FastifyInstance; audit: OpenedAudit };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-cross-site-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  embedded = await startTestServer({ withAudit: true, webRoot: dir });
  upstream = await startTestServer();
  // Proxy mode with a token the server holds: the case where no token comes from the browser.
  const audit = openProxyAudit({
    file: join(dir, 'audit.sqlite'),
    upstream: new URL(upstream.url),
    heldToken: TEST_TOKEN,
    timeoutMs: 5000,
    concurrency: 2,
    keep: 5,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream: new URL(upstream.url), heldToken: TEST_TOKEN },
    audit: { service: audit.service, keep: 5 },
    webRoot: dir,
    failedAuthLimiter: new FailedAuthLimiter(1000),
    allowedHosts: [parseHostName('cfm.example.org')!],
  });
  proxy = { url: await app.listen({ host: '127.0.0.1', port: 0 }), app, audit };
});
afterAll(async () => {
  await proxy.app.close();
  await proxy.audit.close();
  await embedded.close();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

const modes = (): Array<{
  mode: string;
  url: string;
  store: TestServer;
  token: Record<string, string>;
}> => [
  { mode: 'embedded', url: embedded.url, store: embedded, token: { [TOKEN_HEADER]: TEST_TOKEN } },
  { mode: 'proxy', url: proxy.url, store: upstream, token: {} },
];

async function isLocked(store: TestServer, id: number): Promise<boolean> {
  return ((await (await store.request('GET', apiPaths.template(id))).json()) as { locked: boolean })
    .locked;
}

function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  return rawRequest(url, { method, path, headers, body });
}

function expectRefused(answer: { status: number; text: string }, status: number) {
  expect(answer.status, answer.text).toBe(status);
  const body = JSON.parse(answer.text);
  expect(body).toMatchObject({
    status,
    statusReason: expect.any(String),
    path: expect.any(String),
  });
  expect(answer.text).not.toMatch(/"expression"|"totalHits"|"findings"/);
}

describe.each(['embedded', 'proxy'])('in %s mode', (name) => {
  const mode = () => modes().find((each) => each.mode === name)!;

  it('refuses a host name rebound to this machine on every route, and changes nothing', async () => {
    const { url, store, token } = mode();
    const rebound = { host: `rebind.attacker.example:${new URL(url).port}`, ...token };
    for (const path of [
      `${AUDIT_BASE}/status`,
      apiPaths.statistics,
      APP_CONFIG_PATH,
      '/healthz',
      '/',
      '/fields',
      '/index.html',
    ]) {
      expectRefused(await send(url, 'GET', path, rebound), 421);
    }
    expectRefused(await send(url, 'PUT', apiPaths.template(3), { ...rebound, ...json }, lock), 421);
    expect(await isLocked(store, 3)).toBe(false);
    // The loopback name on another port is another origin too.
    expectRefused(await send(url, 'GET', APP_CONFIG_PATH, { host: 'localhost:1' }), 421);
  });

  it('refuses an Origin or Sec-Fetch-Site of another site, and changes nothing', async () => {
    const { url, store, token } = mode();
    const own = { host: new URL(url).host, ...token };
    for (const origin of ['https://evil.example', 'null', `http://localhost:1`]) {
      expectRefused(
        await send(url, 'PUT', apiPaths.template(4), { ...own, ...json, origin }, lock),
        403,
      );
      expectRefused(await send(url, 'GET', `${AUDIT_BASE}/status`, { ...own, origin }), 403);
    }
    const crossSite = { ...own, 'sec-fetch-site': 'cross-site' };
    expectRefused(
      await send(url, 'PUT', apiPaths.template(4), { ...crossSite, ...json }, lock),
      403,
    );
    expectRefused(await send(url, 'GET', APP_CONFIG_PATH, crossSite), 403);
    expect(await isLocked(store, 4)).toBe(false);
    // A link to the app from another site still opens it.
    const navigation = { ...crossSite, 'sec-fetch-mode': 'navigate' };
    expect((await send(url, 'GET', '/fields', navigation)).status).toBe(200);
  });

  it('refuses a scan started as a no-cors fetch or a form would send it', async () => {
    const { url, token } = mode();
    const own = { host: new URL(url).host, ...token };
    const scansBefore = (await send(url, 'GET', `${AUDIT_BASE}/scans`, own)).text;
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      {},
    ];
    for (const headers of attempts) {
      // A page cannot send the token header without a preflight, so none is sent here.
      const answer = await send(url, 'POST', `${AUDIT_BASE}/scans`, {
        host: own.host,
        ...headers,
      });
      expect([401, 403], answer.text).toContain(answer.status);
      const cancel = `${AUDIT_BASE}/scans/1/cancel`;
      const cancelled = await send(url, 'POST', cancel, { host: own.host, ...headers });
      expect([401, 403], cancelled.text).toContain(cancelled.status);
    }
    expect((await send(url, 'GET', `${AUDIT_BASE}/scans`, own)).text).toBe(scansBefore);
  });

  it("answers the app's own requests: same origin, by any of the server's own names", async () => {
    const { url, store, token } = mode();
    const { port } = new URL(url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const sameOrigin = {
        host,
        origin: `http://${host}`,
        'sec-fetch-site': 'same-origin',
        ...token,
      };
      expect((await send(url, 'GET', `${AUDIT_BASE}/status`, sameOrigin)).status).toBe(200);
      const locked = await send(url, 'PUT', apiPaths.template(6), { ...sameOrigin, ...json }, lock);
      expect(locked.status, locked.text).toBe(200);
    }
    expect(await isLocked(store, 6)).toBe(true);
    await store.request('PUT', apiPaths.template(6), { locked: false });
  });
});

it('answers a host name allowed with --allowed-host, on any port', async () => {
  const allowed = { host: 'cfm.example.org', origin: 'https://cfm.example.org' };
  const answer = await send(proxy.url, 'GET', APP_CONFIG_PATH, allowed);
  expect(answer.status, answer.text).toBe(200);
  expect(parseHostName('cfm.example.org:8443')).toEqual({
    hostname: 'cfm.example.org',
    port: 8443,
  });
  expect(parseHostName('https://cfm.example.org/')).toBeUndefined();
});

it('answers to the address it is bound to, as to the loopback names', async () => {
  for (const boundHost of ['10.1.2.3', 'fe80::1']) {
    const app = await buildServer({
      api: { kind: 'embedded', store: embedded.stores.fields, tokens: embedded.stores.tokens },
      boundHost,
    });
    const shownHost = boundHost.includes(':') ? `[${boundHost}]` : boundHost;
    const config = (host: string) =>
      app.inject({ method: 'GET', url: APP_CONFIG_PATH, headers: { host } });
    expect((await config(`${shownHost}:4500`)).statusCode).toBe(200);
    expect((await config('localhost:4500')).statusCode).toBe(200);
    expect((await config('10.1.2.4:4500')).statusCode).toBe(421);
    await app.close();
  }
});
