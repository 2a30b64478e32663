import { test as base } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { e2eToken } from '../../playwright.config';
import { launchWithOneRetry } from '../../scripts/chromium';
import { TOKEN_HEADER } from '../../src/contract/paths';
import { tokenStorageKey } from '../../src/api/session';
import { FieldDrawer } from './field-drawer';
import { FieldsPage } from './fields-page';
import { ServiceApi } from './service-api';

export { e2eToken };

interface Fixtures {
  api: ServiceApi;
  /** A page, and any other tab of its context, already holding the demo token. */
  signedInPage: FieldsPage['page'];
  fieldsPage: FieldsPage;
  drawer: FieldDrawer;
}

export const test = base.extend<Fixtures, { browser: Browser }>({
  // Each worker's browser, as Playwright starts it, but started once more when the
  // first start fails (scripts/chromium.ts says when that was seen).
  browser: [
    async ({ playwright, launchOptions }, use) => {
      const browser = await launchWithOneRetry(() => playwright.chromium.launch(launchOptions));
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  api: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { [TOKEN_HEADER]: e2eToken },
    });
    await use(new ServiceApi(request));
    await request.dispose();
  },
  signedInPage: async ({ page, context }, use) => {
    await context.addInitScript(([key, token]) => window.sessionStorage.setItem(key, token), [
      tokenStorageKey,
      e2eToken,
    ] as const);
    await use(page);
  },
  fieldsPage: async ({ signedInPage }, use) => use(new FieldsPage(signedInPage)),
  drawer: async ({ signedInPage }, use) => use(new FieldDrawer(signedInPage)),
});

export { expect } from '@playwright/test';
