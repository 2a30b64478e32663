import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { APP_CONFIG_PATH } from '../contract/paths';
import { fetchAppConfig, fetchTokenHeldByServer } from './app-config';
import { setupMockApi } from './test-support/mock-api';

const server = setupMockApi();

test('reads whether the server holds the token', async () => {
  server.use(
    http.get(APP_CONFIG_PATH, () =>
      HttpResponse.json({ mode: 'proxy', tokenHeldByServer: true, demo: false }),
    ),
  );
  expect(await fetchAppConfig()).toEqual({ mode: 'proxy', tokenHeldByServer: true, demo: false });
});

test('a server without the route asks for sign-in', async () => {
  server.use(http.get(APP_CONFIG_PATH, () => HttpResponse.json({}, { status: 404 })));
  expect(await fetchAppConfig()).toEqual({
    mode: 'embedded',
    tokenHeldByServer: false,
    demo: false,
  });
});

test('a server that cannot be reached asks for sign-in', async () => {
  server.use(http.get(APP_CONFIG_PATH, () => HttpResponse.error()));
  expect(await fetchAppConfig()).toEqual({
    mode: 'embedded',
    tokenHeldByServer: false,
    demo: false,
  });
});

test('anything but true keeps sign-in', async () => {
  server.use(
    http.get(APP_CONFIG_PATH, () => HttpResponse.json({ mode: 'proxy', tokenHeldByServer: 'yes' })),
  );
  expect((await fetchAppConfig()).tokenHeldByServer).toBe(false);
});

test('reads whether the instance is the demo, and a server that does not say is no demo', async () => {
  server.use(
    http.get(APP_CONFIG_PATH, () =>
      HttpResponse.json({ mode: 'embedded', tokenHeldByServer: false, demo: true }),
    ),
  );
  expect((await fetchAppConfig()).demo).toBe(true);
  server.use(
    http.get(APP_CONFIG_PATH, () =>
      HttpResponse.json({ mode: 'embedded', tokenHeldByServer: false }),
    ),
  );
  expect(await fetchAppConfig()).toEqual({
    mode: 'embedded',
    tokenHeldByServer: false,
    demo: false,
  });
});

test('the start-up reads only whether the server holds the token: true alone says so', async () => {
  const answers = [
    [HttpResponse.json({ mode: 'proxy', tokenHeldByServer: true, demo: false }), true],
    [HttpResponse.json({ mode: 'proxy', tokenHeldByServer: 'true' }), false],
    [HttpResponse.json({ mode: 'proxy' }), false],
    [HttpResponse.json(null), false],
    [HttpResponse.json({ tokenHeldByServer: true }, { status: 404 }), false],
    [HttpResponse.text('<html>'), false],
    [HttpResponse.error(), false],
  ] as const;
  for (const [answer, held] of answers) {
    server.use(http.get(APP_CONFIG_PATH, () => answer.clone()));
    expect(await fetchTokenHeldByServer()).toBe(held);
  }
});

test('the first full read takes the answer the page already asked for: the config is asked once', async () => {
  let asked = 0;
  server.use(
    http.get(APP_CONFIG_PATH, () => {
      asked += 1;
      return HttpResponse.json({ mode: 'embedded', tokenHeldByServer: true, demo: true });
    }),
  );
  expect(await fetchTokenHeldByServer()).toBe(true);
  expect(await fetchAppConfig()).toMatchObject({ demo: true });
  expect(asked).toBe(1);
  // Only the first: a later read (a new session's cache) asks again.
  await fetchAppConfig();
  expect(asked).toBe(2);
});
