import type { Page } from '@playwright/test';
import { apiPaths } from '../../src/contract/paths';

/** Makes every lock or unlock of field `id` fail with the service's 500 answer; reads pass. */
export function failLocking(page: Page, id: number) {
  return page.route(`**${apiPaths.template(id)}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 500,
            statusReason: 'Internal Server Error',
            message: 'an unexpected fault',
            path: apiPaths.template(id),
          }),
        })
      : route.continue(),
  );
}
