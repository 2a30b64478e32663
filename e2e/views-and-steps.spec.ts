import { expectNoAxeViolationsInBothSchemes, keepScreenshot } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { keepScreenshotsAtBothWidths } from './support/screenshots';

test('a saved view survives a reload and opens again; the drawer steps through the rows and over the page edge', async ({
  fieldsPage,
  drawer,
  api,
}, testInfo) => {
  const page = fieldsPage.page;
  const viewsButton = page.getByRole('button', { name: /^Views/ });
  await fieldsPage.goto('?sort=-created&size=25');

  await viewsButton.click();
  await page.getByRole('menuitem', { name: 'Save this view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel(/Name/).fill('Newest <i>first</i>');
  await dialog.getByLabel(/Name/).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Views (showing Newest <i>first</i>)' }),
  ).toBeVisible();

  await viewsButton.click();
  await page.getByRole('menuitem', { name: /^Broken links/ }).click();
  await expect(page).toHaveURL(/\/fields\?brokenLinks=true$/);
  await expect(fieldsPage.rows.first()).toBeVisible();

  await page.reload();
  await viewsButton.click();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await keepScreenshot(page, testInfo, `views-menu-${colorScheme}`);
  }
  await page.getByRole('menuitem', { name: 'Newest <i>first</i>' }).click();
  await expect(page).toHaveURL(/\/fields\?sort=-created&size=25$/);
  await expect(fieldsPage.range).toHaveText(/^Showing 1–25 of/);
  // No axe here: the table with a view applied differs from the one
  // e2e/accessibility.spec.ts checks only in the Views button's text.

  // The drawer: from the 24th row, two steps on reach the first row of page 2.
  // Rows 24 to 26 in the table's order, as the API answers that search.
  const rows = await api.search({
    filters: [{ field: 'notvariable' }],
    sort: { field: 'created', ascending: false },
    offset: 23,
    limit: 3,
  });
  // Opened from its row, which is near the end of the page: the table renders only rows near the view.
  await fieldsPage.scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await fieldsPage.row(rows.results[0]!.id).getByRole('link').click();
  await expect(page).toHaveURL(`/fields/${rows.results[0]!.id}?sort=-created&size=25`);
  const heading = (name: string) => drawer.dialog.getByRole('heading', { name, exact: true });
  await expect(heading(rows.results[0]!.name)).toBeVisible();
  const total = (await drawer.dialog.getByText(/^24 of /).textContent())!.replace('24 of ', '');
  await page.keyboard.press(']');
  await expect(heading(rows.results[1]!.name)).toBeVisible();
  await expect(drawer.dialog.getByText(`25 of ${total}`)).toBeVisible();
  await drawer.dialog.getByRole('button', { name: 'Next field' }).click();
  await expect(drawer.dialog.getByText(`26 of ${total}`)).toBeVisible();
  await expect(heading(rows.results[2]!.name)).toBeVisible();
  await expect(page).toHaveURL(`/fields/${rows.results[2]!.id}?sort=-created&size=25&page=2`);
  await expect(fieldsPage.range).toHaveText(/^Showing 26–50 of/);
  // The stepper past the page edge; the rest of the drawer is checked by e2e/accessibility.spec.ts.
  await expectNoAxeViolationsInBothSchemes(
    page,
    testInfo,
    'drawer-steps',
    keepScreenshotsAtBothWidths,
    drawer.dialog.getByText(`26 of ${total}`).locator('..'),
  );

  await page.keyboard.press('[');
  await expect(heading(rows.results[1]!.name)).toBeVisible();
  await expect(page).toHaveURL(/\/fields\/\d+\?sort=-created&size=25$/);
  await page.goBack();
  await expect(drawer.dialog.getByText(`26 of ${total}`)).toBeVisible();
  await page.goBack();
  await expect(heading(rows.results[1]!.name)).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(drawer.dialog).toBeHidden();
  await expect(page).toHaveURL(/\/fields\?sort=-created&size=25$/);
});
