import axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';

/** The rules whose answer depends on colours: all that changes with the colour scheme. */
export const colourRules = ['color-contrast', 'link-in-text-block'];

const withinAttribute = 'data-axe-within';
const repeatedRowAttribute = 'data-axe-repeated-row';

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
 * Puts axe into the page once per document: it is half a megabyte of script, and
 * later checks on the same page load find it there. (`@axe-core/playwright` sent and
 * compiled it twice for every check.)
 */
async function injectAxe(page: Page) {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
}

/**
 * Fails with each violation's rule, help text and first few elements. `only` limits
 * the check to some rules, `within` to some parts of the page (ones that other checks
 * do not cover, or that changed since the page was checked), marked for axe by an
 * attribute while it runs.
 *
 * A table's body row whose markup repeats an earlier row of the same table is left
 * out: the same elements with the same classes, styles, roles and data attributes,
 * differing only in text and in values that name the row (links, labels, ids). axe
 * finds in it what it finds in the row it repeats, and long tables (the audit page's
 * problems by owner, 25 rows each) were most of a check's time.
 *
 * axe runs in the page itself, on the main document: the app has no frames. Only
 * violations are reported in full (`resultTypes`), which keeps the answer small.
 */
export async function expectNoAxeViolations(page: Page, only?: string[], within?: Locator) {
  await transitionsEnded(page);
  await injectAxe(page);
  if (within)
    await within.evaluateAll((elements, name) => {
      for (const element of elements) element.setAttribute(name, '');
    }, withinAttribute);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
  };
  const violations = await page.evaluate(
    async ({ include, repeated, options }) => {
      const valuesKept = (attribute: string) =>
        ['class', 'style', 'role', 'type'].includes(attribute) ||
        (attribute.startsWith('data-') && attribute !== 'data-field-id');
      const shape = (element: Element): string => {
        const attributes = [...element.attributes].map((each) =>
          valuesKept(each.name) ? `${each.name}=${each.value}` : each.name,
        );
        const children = [...element.childNodes].map((child) =>
          child instanceof Element ? shape(child) : child.nodeType === Node.TEXT_NODE ? '#' : '',
        );
        return `<${element.tagName} ${attributes.join(' ')}>${children.join('')}`;
      };
      const leftOut: Element[] = [];
      for (const table of document.querySelectorAll('table')) {
        const seen = new Set<string>();
        for (const row of table.querySelectorAll(':scope > tbody > tr')) {
          const rowShape = shape(row);
          if (seen.has(rowShape)) leftOut.push(row);
          seen.add(rowShape);
        }
      }
      for (const row of leftOut) row.setAttribute(repeated, '');
      try {
        const exclude = [`[${repeated}]`];
        const results: AxeResults = await (window as unknown as { axe: typeof axe }).axe.run(
          include ? { include: [include], exclude } : { exclude },
          options,
        );
        return results.violations.map((violation) => ({
          id: violation.id,
          help: violation.help,
          nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
        }));
      } finally {
        for (const row of leftOut) row.removeAttribute(repeated);
      }
    },
    {
      include: within ? `[${withinAttribute}]` : undefined,
      repeated: repeatedRowAttribute,
      options,
    },
  );
  if (within)
    await within.evaluateAll((elements, name) => {
      for (const element of elements) element.removeAttribute(name);
    }, withinAttribute);
  expect(violations).toEqual([]);
}

/**
 * Screenshots are for people to look at, and nothing compares them: a run keeps
 * them only when asked (`E2E_SCREENSHOTS=1 npx playwright test ...`), since taking
 * them costs CPU time the suite does not have (bench/results/test-suite.md).
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
