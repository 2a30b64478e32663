import { afterEach, expect, it } from 'vitest';
import { copySortFields } from '../../../contract/copy-orders';
import { APP_CONFIG_PATH } from '../../../contract/paths';
import { startTestServer } from '../../test-support/test-server';
import type { TestServer } from '../../test-support/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const demoToken = 'cfm_demo-token-for-the-config-test';

it('says the instance is the demo only when the store has a demo token, and nothing more', async () => {
  server = await startTestServer();
  const plain = await server.app.inject({ method: 'GET', url: APP_CONFIG_PATH });
  expect(plain.json()).toEqual({
    mode: 'embedded',
    tokenHeldByServer: false,
    demo: false,
    copySorts: [...copySortFields],
  });

  server.stores.tokens.addToken('demo', demoToken, Date.now());
  server.stores.tokens.rememberDemoToken(demoToken);
  await server.restart();
  const demo = await server.app.inject({ method: 'GET', url: APP_CONFIG_PATH });
  expect(demo.statusCode).toBe(200);
  expect(demo.json()).toEqual({
    mode: 'embedded',
    tokenHeldByServer: false,
    demo: true,
    copySorts: [...copySortFields],
  });
  expect(demo.body).not.toContain(demoToken);
  expect(demo.headers['cache-control']).toBe('no-store');
});
