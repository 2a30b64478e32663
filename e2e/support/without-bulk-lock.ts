import type { BrowserContext, Page } from '@playwright/test';
import { APP_CONFIG_PATH } from '../../src/contract/paths';

/**
 * The app config as a server without the bulk lock answers it (a proxy, an older
 * server): the app then sends one PUT per field, as against a real instance.
 */
export async function withoutBulkLock(pages: Page | BrowserContext) {
  await pages.route(`**${APP_CONFIG_PATH}`, async (route) => {
    const answer = await route.fetch();
    const { bulkLock: _, ...config } = (await answer.json()) as Record<string, unknown>;
    await route.fulfill({ response: answer, json: config });
  });
}
