import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { keepScreenshotsAtBothWidths } from './support/screenshots';

test.describe('the default filter', () => {
  test('hiding variables shows as a chip; removing it counts every field, as the audit does', async ({
    fieldsPage,
    api,
  }) => {
    const everyField = (await api.search({ limit: 1 })).totalHits;
    const variables = (await api.search({ filters: [{ field: 'variable' }], limit: 1 })).totalHits;
    await fieldsPage.goto();
    const count = fieldsPage.page.getByText(/^[\d,]+ matching$/);
    await expect(count).toHaveText(`${(everyField - variables).toLocaleString('en-US')} matching`);
    const hidden = fieldsPage.chips.getByRole('button', {
      name: 'Remove filter: Variables hidden',
    });
    await expect(hidden).toBeVisible();
    await expect(fieldsPage.chips.getByRole('button', { name: 'Clear all' })).toHaveCount(0);

    const sent = await fieldsPage.viewAfter(() => hidden.click());

    expect(sent.filters).toEqual([]);
    await expect(count).toHaveText(`${everyField.toLocaleString('en-US')} matching`);
    await expect(fieldsPage.page).toHaveURL(/[?&]variables=shown/);
    await expect(
      fieldsPage.chips.getByRole('button', { name: 'Remove filter: Variables shown' }),
    ).toBeVisible();
  });
});

test('the default chip beside other filters has no accessibility violations', async ({
  fieldsPage,
}, testInfo) => {
  await fieldsPage.goto('?locked=false');
  await expect(fieldsPage.chips.getByRole('button')).toHaveText([
    'Unlocked',
    'Variables hidden',
    'Clear all',
  ]);
  await expectNoAxeViolationsInBothSchemes(
    fieldsPage.page,
    testInfo,
    'default-chip',
    keepScreenshotsAtBothWidths,
  );
});
