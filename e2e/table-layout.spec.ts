import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes, keepScreenshot } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { desktop, phone } from './support/screenshots';

/**
 * axe in the light and the dark scheme (screenshots when asked), then back to light;
 * `within` limits it to a part of the page.
 */
async function checkBothSchemes(page: Page, testInfo: TestInfo, name: string, within?: Locator) {
  await expectNoAxeViolationsInBothSchemes(page, testInfo, name, keepScreenshot, within);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Whether the page, or the element, scrolls sideways. */
function scrollsSideways(page: Page, selector = 'html') {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

test('a column hidden and resized stays so after a reload', async ({ fieldsPage }, testInfo) => {
  test.slow();
  const { page } = fieldsPage;
  await page.setViewportSize(desktop);
  await fieldsPage.goto();

  await page.getByRole('button', { name: 'Layout' }).click();
  const menu = page.getByRole('dialog');
  await menu.getByRole('checkbox', { name: 'Owner' }).uncheck();
  await menu.getByText('Compact', { exact: true }).click();
  // The menu; the table behind it is checked once reshaped, below.
  await checkBothSchemes(page, testInfo, 'layout-menu-1440', menu);
  await page.keyboard.press('Escape');
  await expect(fieldsPage.header('Owner')).toHaveCount(0);

  // The pointer drags one edge, the keyboard moves another.
  const created = page.getByRole('separator', { name: 'Resize Created' });
  // Hiding a column lays the header out again; hovering waits until the edge stands
  // still, so the press lands on it and not where it was a frame before.
  await created.hover();
  const box = (await created.boundingBox())!;
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const status = page.getByRole('separator', { name: 'Resize Status' });
  await status.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(status).toHaveAttribute('aria-valuenow', '166');
  const createdWidth = Number(await created.getAttribute('aria-valuenow'));
  expect(createdWidth).toBeGreaterThan(170);
  expect(Math.round((await fieldsPage.header('Created').boundingBox())!.width)).toBe(createdWidth);

  await page.reload();
  await expect(fieldsPage.rows.first()).toBeVisible();
  await expect(fieldsPage.header('Owner')).toHaveCount(0);
  await expect(fieldsPage.table).toHaveAttribute('data-density', 'compact');
  await expect(status).toHaveAttribute('aria-valuenow', '166');
  await expect(created).toHaveAttribute('aria-valuenow', String(createdWidth));
  expect(Math.round((await fieldsPage.header('Status').boundingBox())!.width)).toBe(166);
  await checkBothSchemes(page, testInfo, 'table-shaped-1440');
});

test('a phone shows name, lock, status and problems, and the drawer without sideways scrolling', async ({
  fieldsPage,
  drawer,
  api,
}, testInfo) => {
  test.slow();
  const { page } = fieldsPage;
  const [broken] = (await api.search({ filters: [{ field: 'invalidlink' }], limit: 1 })).results;
  await page.setViewportSize(phone);

  // One scroll: the page, toolbar and rows together; the table is no scroll area of its own.
  await fieldsPage.goto('?size=100');
  await expect(fieldsPage.rows.first()).toBeVisible();
  const root = page.locator('[data-scroll-root]');
  await root.evaluate((element) => element.scrollTo({ top: 2500 }));
  await expect
    .poll(() =>
      page.evaluate(
        () => document.elementFromPoint(200, 500)?.closest('tr[data-field-id]') !== null,
      ),
    )
    .toBe(true);
  expect(
    await page
      .getByTestId('fields-scroller')
      .evaluate((element) => element.scrollHeight <= element.clientHeight + 1),
  ).toBe(true);

  await fieldsPage.showInApp(`?q=${encodeURIComponent(broken!.name)}`);
  const headers = fieldsPage.table.getByRole('columnheader');
  // The checkbox's column first: a phone selects fields too.
  await expect(headers).toHaveText(['', 'Name', 'Locked', 'Status', 'Problems']);
  await expect(fieldsPage.table.getByRole('checkbox').first()).toBeVisible();
  await expect(page.getByRole('separator')).toHaveCount(0);
  const row = fieldsPage.row(broken!.id);
  await expect(row.getByRole('img', { name: /broken link/ })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  expect(await scrollsSideways(page, '[data-testid="fields-scroller"]')).toBe(false);
  await checkBothSchemes(page, testInfo, 'table-390');

  // Shortcuts work on a phone with a keyboard: / searches, j moves to a row, Enter opens it.
  await page.keyboard.press('/');
  await expect(fieldsPage.searchBox).toBeFocused();
  await fieldsPage.searchBox.blur();
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(
    drawer.dialog.getByRole('heading', { name: broken!.name, exact: true }),
  ).toBeVisible();
  const links = drawer.section('Links').getByRole('table');
  await links.scrollIntoViewIfNeeded();
  await expect(links.getByRole('columnheader')).toHaveText(['Link']);
  // A table in a scroll container is clipped, not narrowed: its own box must fit the screen.
  for (const table of await drawer.dialog.getByRole('table').all()) {
    expect(
      await table.evaluate(
        (element) =>
          element.getBoundingClientRect().right <= document.documentElement.clientWidth + 1,
      ),
    ).toBe(true);
  }
  expect(await scrollsSideways(page)).toBe(false);
  await checkBothSchemes(page, testInfo, 'drawer-390');
});

test('rows keep their height and their lines, and the row under the pointer is highlighted', async ({
  fieldsPage,
}) => {
  const { page } = fieldsPage;
  await page.setViewportSize(desktop);
  await fieldsPage.goto('?size=25');
  const rows = fieldsPage.rows;
  // The heights the virtualizer places the rows by (FieldsTable.tsx).
  const heights = await rows.evaluateAll((all) =>
    all.map((row) => row.getBoundingClientRect().height),
  );
  expect(new Set(heights)).toEqual(new Set([44]));

  const createdCell = fieldsPage.dataColumn(7).first();
  const background = () => rows.first().evaluate((row) => getComputedStyle(row).backgroundColor);
  const resting = await background();
  await createdCell.hover();
  await expect.poll(background).not.toBe(resting);

  await fieldsPage.scroller.evaluate((scroller) => (scroller.scrollTop = scroller.scrollHeight));
  const lines = () =>
    rows.evaluateAll((all) => all.slice(-2).map((row) => getComputedStyle(row).borderBottomWidth));
  await expect.poll(lines).toEqual(['1px', '0px']);
});
