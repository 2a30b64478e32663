import type { Page } from '@playwright/test';

/**
 * Moves the loaded app to `path` as the browser's back and forward buttons do: a new
 * history entry and a `popstate` event, which the router follows without loading the
 * page again. A journey that needs several addresses pays for one cold load of the
 * app instead of one per address (bench/results/test-suite.md).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}
