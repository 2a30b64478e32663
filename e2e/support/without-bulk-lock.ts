import type { BrowserContext, Page } from '@playwright/test';
import { apiPaths } from '../../src/contract/paths';

/**
 * The bulk operation answered as an instance without it answers (405): the app then
 * sends one PUT per field, for the rest of the session.
 */
export async function withoutBulkLock(pages: Page | BrowserContext) {
  await pages.route(`**${apiPaths.bulkTemplate}`, (route) =>
    route.fulfill({
      status: 405,
      json: {
        status: 405,
        statusReason: 'Method Not Allowed',
        message: 'this path takes nothing',
        path: apiPaths.bulkTemplate,
      },
    }),
  );
}
