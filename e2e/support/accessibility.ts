import { AxeBuilder } from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';

/** Fails with each violation's rule, help text and first few elements. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    })),
  ).toEqual([]);
}

/** Keeps a screenshot of what was checked in the test's output folder, to look at. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' });
}

/**
 * Checks the page as it is now in the light and then the dark colour scheme, keeping
 * a screenshot of each: the app follows the system's scheme as it changes, so one
 * page load serves both.
 */
export async function expectNoAxeViolationsInBothSchemes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  keep: (page: Page, testInfo: TestInfo, name: string) => Promise<void> = keepScreenshot,
) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await expectNoAxeViolations(page);
    await keep(page, testInfo, `${name}-${colorScheme}`);
  }
}
