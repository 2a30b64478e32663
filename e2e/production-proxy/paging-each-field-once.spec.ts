import type { Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../support/accessibility';
import type { FieldsPage } from '../support/fields-page';
import { expect, test } from '../support/fixtures';

const PAGE_SIZE = 50;

/** The ids of the rows on the page shown, checked against the range the page states. */
async function idsShown(fieldsPage: FieldsPage): Promise<{ ids: number[]; last: boolean }> {
  const range = (await fieldsPage.range.textContent()) ?? '';
  const [, from, to, total] = /^Showing ([\d,]+)–([\d,]+) of ([\d,]+) fields$/.exec(range) ?? [];
  const number = (text: string | undefined) => Number(text!.replaceAll(',', ''));
  const hrefs = await fieldsPage
    .dataColumn(1)
    .locator('a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const ids = hrefs.map((href) => Number(/^\/fields\/(\d+)/.exec(href)![1]));
  expect(ids).toHaveLength(number(to) - number(from) + 1);
  return { ids, last: number(to) === number(total) };
}

/** Every page from the first, by the pager's Next button, as an admin reviewing fields would. */
async function pageThrough(fieldsPage: FieldsPage, query: string): Promise<number[]> {
  await fieldsPage.goto(query);
  const all: number[] = [];
  for (;;) {
    const { ids, last } = await idsShown(fieldsPage);
    all.push(...ids);
    if (last) return all;
    const first = ids[0];
    await fieldsPage.viewAfter(() =>
      fieldsPage.page.getByRole('button', { name: 'Next page' }).click(),
    );
    await expect.poll(async () => (await idsShown(fieldsPage)).ids[0]).not.toBe(first);
  }
}

// Tall enough that the table renders every row of a page (it renders only rows near the view).
test.use({ viewport: { width: 1280, height: 3200 } });

function freshness(page: Page) {
  return page.getByRole('status', { name: 'Instance data freshness' });
}

test('through the proxy, paging by name shows each field of the instance once in both directions, and says how fresh the rows are', async ({
  fieldsPage,
  page,
}, testInfo) => {
  // The first search starts the first scan of the instance; until it completes the
  // page says its rows come straight from the instance. Reloading asks again.
  await fieldsPage.goto(`?size=${PAGE_SIZE}`);
  await expect(async () => {
    await fieldsPage.goto(`?size=${PAGE_SIZE}`);
    await expect(freshness(page)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByText('Pages straight from the instance')).toHaveCount(0);
  await expect(freshness(page)).toHaveText(
    /Instance data as of .+ \(\d+ s ago\)\. Searches, Refresh included, ask the instance what changed, at most every \d+ s\./,
  );

  const ascending = await pageThrough(fieldsPage, `?size=${PAGE_SIZE}`);
  const descending = await pageThrough(fieldsPage, `?size=${PAGE_SIZE}&sort=-name`);
  expect(ascending.length).toBeGreaterThan(PAGE_SIZE * 4);
  expect(new Set(ascending).size).toBe(ascending.length);
  expect([...descending].sort((a, b) => a - b)).toEqual([...ascending].sort((a, b) => a - b));
  // Equal names are ordered by id, so one direction is exactly the other reversed.
  expect(descending).toEqual([...ascending].reverse());

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(freshness(page)).toBeVisible();
    await keepScreenshot(page, testInfo, `proxy-freshness-${colorScheme}`);
    await expectNoAxeViolations(page);
  }
});
