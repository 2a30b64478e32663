import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';

/** The rules whose answer depends on colours: all that changes with the colour scheme. */
const colourRules = ['color-contrast', 'link-in-text-block'];

const withinAttribute = 'data-axe-within';

/**
 * Waits for the page's CSS transitions to end. A control just pressed, or a colour
 * scheme just changed, moves its colours over a transition (Mantine's segmented
 * control, for one); axe reading them halfway finds contrast no one ever sees.
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Fails with each violation's rule, help text and first few elements. `only` limits
 * the check to some rules, `within` to one part of the page (one that other tests
 * do not check), marked for axe by an attribute while it runs.
 *
 * Legacy mode runs axe in the page itself; the default runs it in parts and joins
 * them in a blank page opened for each check, which cost the suite about twice the
 * CPU time. The app has no frames, so both find the same. Only violations are
 * reported in full (`resultTypes`), which keeps the answer small.
 */
export async function expectNoAxeViolations(page: Page, only?: string[], within?: Locator) {
  await transitionsEnded(page);
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (within) {
    await within.evaluate((element, name) => element.setAttribute(name, ''), withinAttribute);
    builder = builder.include(`[${withinAttribute}]`);
  }
  const results = await (only ? builder.withRules(only) : builder).analyze();
  if (within)
    await within.evaluate((element, name) => element.removeAttribute(name), withinAttribute);
  expect(
    results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    })),
  ).toEqual([]);
}

/**
 * Screenshots are for people to look at, and nothing compares them: a run keeps
 * them only when asked (`E2E_SCREENSHOTS=1 npx playwright test ...`), since taking
 * them costs CPU time the suite does not have (docs/testing.md).
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/** Keeps a screenshot of what was checked in the test's output folder, to look at. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!screenshotsWanted) return;
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' });
}

/**
 * Checks the page as it is now in the light and then the dark colour scheme, keeping
 * a screenshot of each when asked: the app follows the system's scheme as it
 * changes, so one page load serves both. The page's elements, names and roles are
 * the same in both schemes, so the dark one is checked for the colour rules only.
 */
export async function expectNoAxeViolationsInBothSchemes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  keep: (page: Page, testInfo: TestInfo, name: string) => Promise<void> = keepScreenshot,
  within?: Locator,
) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await expectNoAxeViolations(page, colorScheme === 'dark' ? colourRules : undefined, within);
    await keep(page, testInfo, `${name}-${colorScheme}`);
  }
}
