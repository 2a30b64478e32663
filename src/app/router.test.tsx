import type { ReactElement } from 'react';
import { afterEach, expect, test } from 'vitest';
import { AuditPage } from '../features/audit/AuditPage';
import { createQueryClient } from './query-client';
import { createAppRouter, firstPageLoaded } from './router';

let router: ReturnType<typeof createAppRouter> | undefined;

afterEach(() => router?.dispose());

test('the app is first drawn once the router has the code of the page the address names', async () => {
  window.history.replaceState(null, '', '/audit');
  router = createAppRouter(createQueryClient());

  await firstPageLoaded(router);

  expect(router.state.initialized).toBe(true);
  const page = router.state.matches.at(-1)!.route;
  expect((page.element as ReactElement).type).toBe(AuditPage);
});

test("the app's root opens the fields table with the view its address names", async () => {
  window.history.replaceState(null, '', '/?q=revenue&size=25');
  router = createAppRouter(createQueryClient());

  await firstPageLoaded(router);

  expect(router.state.location.pathname).toBe('/fields');
  expect(router.state.location.search).toBe('?q=revenue&size=25');
});
