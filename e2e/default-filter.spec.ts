import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { keepScreenshotsAtBothWidths } from './support/screenshots';

test.describe('the default filter', () => {
  test('hiding variables shows as a chip; removing it counts every field, as the audit does; beside other filters it has no accessibility violations', async ({
    fieldsPage,
    api,
  }, testInfo) => {
    const { page } = fieldsPage;
    const everyField = (await api.search({ limit: 1 })).totalHits;
    const variables = (await api.search({ filters: [{ field: 'variable' }], limit: 1 })).totalHits;
    await fieldsPage.goto();
    const count = page.getByText(/^[\d,]+ matching$/);
    await expect(count).toHaveText(`${(everyField - variables).toLocaleString('en-US')} matching`);
    const hidden = fieldsPage.chips.getByRole('button', {
      name: 'Remove filter: Variables hidden',
    });
    await expect(hidden).toBeVisible();
    await expect(fieldsPage.chips.getByRole('button', { name: 'Clear all' })).toHaveCount(0);

    const sent = await fieldsPage.viewAfter(() => hidden.click());

    expect(sent.filters).toEqual([]);
    await expect(count).toHaveText(`${everyField.toLocaleString('en-US')} matching`);
    await expect(page).toHaveURL(/[?&]variables=shown/);
    const shown = fieldsPage.chips.getByRole('button', { name: 'Remove filter: Variables shown' });
    await expect(shown).toBeVisible();

    await test.step('beside another filter, with no accessibility violations', async () => {
      // Back to the first view, which the app may answer from its cache.
      await shown.click();
      await expect(page).toHaveURL(/\/fields$/);
      const panel = await fieldsPage.openFilters();
      await fieldsPage.viewAfter(() =>
        panel.getByRole('radiogroup', { name: 'Lock' }).getByText('Unlocked').click(),
      );
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/\/fields\?locked=false$/);
      await expect(fieldsPage.chips.getByRole('button')).toHaveText([
        'Unlocked',
        'Variables hidden',
        'Clear all',
      ]);
      // The chips; the table around them is checked by e2e/accessibility.spec.ts.
      await expectNoAxeViolationsInBothSchemes(
        page,
        testInfo,
        'default-chip',
        keepScreenshotsAtBothWidths,
        fieldsPage.chips,
      );
    });
  });
});
