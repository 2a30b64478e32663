import { e2eUrl } from '../../playwright.config';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/bulk-fixtures';
import { expectNoAxeViolationsInBothSchemes } from '../support/accessibility';
import { failLocking } from '../support/fail-locking';

test.use({ baseURL: e2eUrl('isolated') });

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('the selection bar, the dry run and a refused change have no violations', async ({
  fieldsPage,
  bulk,
  api,
}, testInfo) => {
  // Six axe scans: on a busy machine they take more than the usual minute.
  test.slow();
  await fieldsPage.goto('?size=25&page=5');
  const field = await api.field(await bulk.idOfRow(0));
  // A change set that locks it is refused.
  await failLocking(fieldsPage.page, field.id);

  await bulk.pageCheckbox.check();
  await bulk.rowCheckbox(field.id).uncheck();
  await bulk.rowCheckbox(field.id).check();
  await expect(bulk.count).toHaveText('25 selected');
  await expectNoAxeViolationsInBothSchemes(fieldsPage.page, testInfo, 'selection');

  await bulk.open(!field.locked);
  await expect(bulk.dialog).toContainText('will change');
  await expectNoAxeViolationsInBothSchemes(fieldsPage.page, testInfo, 'confirmation');
  await bulk.dialog.getByRole('button', { name: 'Cancel' }).click();

  await bulk.clearButton.click();
  await bulk.rowCheckbox(field.id).check();
  await bulk.open(!field.locked);
  await bulk.confirmButton(!field.locked).click();
  await expect(bulk.dialog.getByRole('alert')).toContainText('The server failed to answer (500).');
  await expectNoAxeViolationsInBothSchemes(fieldsPage.page, testInfo, 'failed-run');
  expect((await api.field(field.id)).locked).toBe(field.locked);
});

test('the checkboxes and the bulk bar work from the keyboard and are labelled', async ({
  fieldsPage,
  bulk,
}) => {
  await fieldsPage.goto('?size=25&page=6');
  const firstRowBox = fieldsPage.rows.first().getByRole('checkbox');
  const firstName = await fieldsPage.rows.first().locator('td a').first().textContent();
  await expect(firstRowBox).toHaveAccessibleName(`Select ${firstName}`);

  await fieldsPage.searchBox.focus();
  await tabTo(fieldsPage.page, bulk.pageCheckbox);
  await fieldsPage.page.keyboard.press('Space');
  await expect(bulk.count).toHaveText('25 selected');

  await tabTo(fieldsPage.page, firstRowBox);
  await fieldsPage.page.keyboard.press('Space');
  await expect(bulk.count).toHaveText('24 selected');
  await expect(bulk.pageCheckbox).toHaveJSProperty('indeterminate', true);

  await tabTo(fieldsPage.page, bulk.lockButton, 'Shift+Tab');
  await fieldsPage.page.keyboard.press('Enter');
  await expect(bulk.confirmButton(true)).toBeVisible();
  await fieldsPage.page.keyboard.press('Escape');
  await expect(bulk.dialog).toBeHidden();
  await expect(bulk.lockButton).toBeFocused();

  await tabTo(fieldsPage.page, bulk.clearButton);
  await fieldsPage.page.keyboard.press('Enter');
  await expect(bulk.count).toHaveText('');
  await expect(bulk.pageCheckbox).not.toBeChecked();
});
