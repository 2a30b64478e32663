import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { keepScreenshotsAtBothWidths } from './support/screenshots';

// Slots 15-19 are this file's own fields (see ServiceApi.unlockedField).

// One journey on one page load: each shortcut is a step (a load costs the suite more
// than the steps together; bench/results/test-suite.md).
test('keyboard shortcuts: ? lists them, / searches, j, k and the arrows move, Enter opens, l locks, z undoes, x selects, and typing in the search triggers none', async ({
  fieldsPage,
  drawer,
  api,
}, testInfo) => {
  const page = fieldsPage.page;
  const field = await api.unlockedField(15);
  await fieldsPage.goto();

  await test.step('? lists the shortcuts, with no accessibility violations in either scheme', async () => {
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('row')).toHaveCount(11);
    await expectNoAxeViolationsInBothSchemes(
      page,
      testInfo,
      'shortcuts',
      keepScreenshotsAtBothWidths,
    );
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  await test.step('/ focuses the search; typing in it never triggers a shortcut', async () => {
    const matching = page.getByText(/^[\d,]+ matching$/);
    const everyField = (await matching.textContent())!;
    await page.keyboard.press('/');
    await expect(fieldsPage.searchBox).toBeFocused();
    await page.keyboard.type('jlx?');
    await expect(fieldsPage.searchBox).toHaveValue('jlx?');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Cleared before the typed search's answer was drawn, the page still shows every
    // field and asks for nothing: wait for what it shows, not for a request.
    await fieldsPage.searchBox.clear();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(matching).toHaveText(everyField);
    await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
    await fieldsPage.searchBox.blur();
  });

  await test.step('j, k and the arrows move between rows; Enter opens one', async () => {
    const names = fieldsPage.rows.getByRole('link');
    await page.keyboard.press('j');
    await expect(names.nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await expect(names.nth(2)).toBeFocused();
    await page.keyboard.press('k');
    await expect(names.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(names.nth(0)).toBeFocused();
    const name = await names.nth(0).textContent();

    await page.keyboard.press('Enter');

    await expect(drawer.dialog.getByRole('heading', { name: name!, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer.dialog).toBeHidden();
  });

  await test.step('l locks the focused row, z undoes it, x selects it', async () => {
    try {
      await fieldsPage.viewAfter(() => fieldsPage.searchBox.fill(field.name));
      await fieldsPage.row(field.id).getByRole('link').focus();

      await page.keyboard.press('l');

      await expect(fieldsPage.lockSwitch(field.id)).toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(true);
      await expect(page.getByRole('alert').filter({ hasText: 'Locked' })).toBeVisible();

      await page.keyboard.press('z');

      await expect(fieldsPage.lockSwitch(field.id)).not.toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(false);

      await page.keyboard.press('x');

      await expect(
        fieldsPage.row(field.id).getByRole('checkbox', { name: `Select ${field.name}` }),
      ).toBeChecked();
    } finally {
      await api.setLocked(field.id, false);
    }
  });
});
