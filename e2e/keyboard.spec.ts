import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { keepScreenshotsAtBothWidths } from './support/screenshots';

// Slots 15-19 are this file's own fields (see ServiceApi.unlockedField).

test.describe('keyboard shortcuts', () => {
  test('/ focuses the search; j, k and the arrows move between rows; Enter opens one', async ({
    fieldsPage,
    drawer,
  }) => {
    await fieldsPage.goto();
    const names = fieldsPage.rows.getByRole('link');
    await fieldsPage.page.keyboard.press('/');
    await expect(fieldsPage.searchBox).toBeFocused();
    await fieldsPage.searchBox.blur();

    await fieldsPage.page.keyboard.press('j');
    await expect(names.nth(0)).toBeFocused();
    await fieldsPage.page.keyboard.press('j');
    await fieldsPage.page.keyboard.press('ArrowDown');
    await expect(names.nth(2)).toBeFocused();
    await fieldsPage.page.keyboard.press('k');
    await expect(names.nth(1)).toBeFocused();
    await fieldsPage.page.keyboard.press('ArrowUp');
    await expect(names.nth(0)).toBeFocused();
    const name = await names.nth(0).textContent();

    await fieldsPage.page.keyboard.press('Enter');

    await expect(drawer.dialog.getByRole('heading', { name: name!, exact: true })).toBeVisible();
  });

  test('l locks the focused row, z undoes it, x selects it', async ({ fieldsPage, api }) => {
    const field = await api.unlockedField(15);
    try {
      await fieldsPage.goto(`?q=${encodeURIComponent(field.name)}`);
      await fieldsPage.row(field.id).getByRole('link').focus();

      await fieldsPage.page.keyboard.press('l');

      await expect(fieldsPage.lockSwitch(field.id)).toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(true);
      await expect(fieldsPage.page.getByRole('alert').filter({ hasText: 'Locked' })).toBeVisible();

      await fieldsPage.page.keyboard.press('z');

      await expect(fieldsPage.lockSwitch(field.id)).not.toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(false);

      await fieldsPage.page.keyboard.press('x');

      await expect(
        fieldsPage.row(field.id).getByRole('checkbox', { name: `Select ${field.name}` }),
      ).toBeChecked();
    } finally {
      await api.setLocked(field.id, false);
    }
  });

  test('typing in the search never triggers a shortcut', async ({ fieldsPage }) => {
    await fieldsPage.goto();
    await fieldsPage.searchBox.focus();
    await fieldsPage.page.keyboard.type('jlx?');
    await expect(fieldsPage.searchBox).toHaveValue('jlx?');
    await expect(fieldsPage.page.getByRole('dialog')).toHaveCount(0);
  });
});

test('? lists the shortcuts, with no accessibility violations in either scheme', async ({
  fieldsPage,
}, testInfo) => {
  await fieldsPage.goto();
  await fieldsPage.page.keyboard.press('?');
  const help = fieldsPage.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row')).toHaveCount(11);
  await expectNoAxeViolationsInBothSchemes(
    fieldsPage.page,
    testInfo,
    'shortcuts',
    keepScreenshotsAtBothWidths,
  );
  await fieldsPage.page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
