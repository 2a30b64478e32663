import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';
import { buildServer } from '../build-server';

let upstream: TestServer;
let proxy: FastifyInstance;
let proxyUrl: string;

beforeAll(async () => {
  upstream = await startTestServer();
  proxy = await buildServer({ api: { kind: 'proxy', upstream: new URL(upstream.url) } });
  proxyUrl = await proxy.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

// A real instance has no directory, so the app must learn to do without it
// through the proxy too, even when the instance behind it is a reference service.
it('does not forward the directory extension: 404, as from a real instance', async () => {
  const direct = await upstream.request('GET', `${apiPaths.directory}?owners=101`);
  expect(direct.status).toBe(200);

  const proxied = await fetch(`${proxyUrl}${apiPaths.directory}?owners=101`, {
    headers: { [TOKEN_HEADER]: TEST_TOKEN },
  });
  expect(proxied.status).toBe(404);
  expect(JSON.stringify(await proxied.json())).not.toContain('Ada Lovelace');
});
