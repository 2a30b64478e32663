import { expect, test } from './support/fixtures';
import { goInApp } from './support/in-app-navigation';
import { expectNoAxeViolationsInBothSchemes, keepScreenshot } from './support/accessibility';
import { keepScreenshotsAtBothWidths } from './support/screenshots';

// Each test checks its page in the light and then the dark colour scheme: one page
// load serves both.
test('sign-in, with the demo note, has no accessibility violations', async ({ page }, testInfo) => {
  await page.goto('/sign-in');
  await expect(page.getByLabel('Developer token')).toBeVisible();
  await expect(page.getByText('This is the demo instance')).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Calculated fields');
  await expectNoAxeViolationsInBothSchemes(page, testInfo, 'sign-in');

  await page.getByLabel('Developer token').fill('wrong-token-for-axe');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('The server did not accept this token.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, testInfo, 'sign-in-refused');
});

// The error state is checked where it is reached, in states.spec.ts.
test('the table, its filters, its empty state and a page of 5,000 rows scrolled to its end have no violations', async ({
  fieldsPage,
}, testInfo) => {
  // Eight axe scans: on a busy machine they take more than the usual minute.
  test.slow();
  await fieldsPage.goto('?invalid=true&variables=shown');
  await expectNoAxeViolationsInBothSchemes(fieldsPage.page, testInfo, 'table');
  // Axe does not judge a hovered row: in the dark scheme its background was the colour
  // of an unlocked row's switch track, which vanished under the pointer.
  const unlockedRow = fieldsPage.page.locator('tbody tr[aria-rowindex]:not([data-locked])').first();
  await unlockedRow.hover();
  const [rowColour, trackColour] = await unlockedRow.evaluate((row) => [
    getComputedStyle(row).backgroundColor,
    // The switch's input draws its track.
    getComputedStyle(row.querySelector('input[role="switch"]')!).backgroundColor,
  ]);
  expect(trackColour).not.toBe(rowColour);

  // The table behind the open menu is the one just checked: the menu and its button.
  const menu = await fieldsPage.openFilters();
  const menuButton = fieldsPage.page.getByRole('button', { name: /^Filters/ });
  await expectNoAxeViolationsInBothSchemes(
    fieldsPage.page,
    testInfo,
    'filters',
    keepScreenshot,
    menu.or(menuButton),
  );
  await fieldsPage.page.keyboard.press('Escape');

  // The other views are reached inside the loaded app, as a user's Back would.
  await goInApp(fieldsPage.page, '/fields?q=zz-no-such-name&archived=true');
  await expect(fieldsPage.page.getByText('No calculated fields match')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(fieldsPage.page, testInfo, 'empty');

  await fieldsPage.showInApp('?size=5000&variables=shown');
  await fieldsPage.scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expectNoAxeViolationsInBothSchemes(fieldsPage.page, testInfo, 'rows-5000');
});

test('a pasted link to a field opens its titled drawer, its invalid links stand out, with no violations', async ({
  fieldsPage,
  drawer,
  api,
}, testInfo) => {
  const broken = (await api.search({ filters: [{ field: 'invalidlink' }], limit: 1 })).results[0]!;
  await fieldsPage.page.goto(`/fields/${broken.id}`);
  // A pasted link loads the whole app and the drawer's code first: slow on a busy machine.
  await expect(drawer.expression).toBeVisible({ timeout: 30_000 });
  await expect(fieldsPage.page).toHaveTitle(`${broken.name} · Calculated fields`);
  const links = drawer.section('Links');
  // Links to nested fields (FUNCTION_TEMPLATE) are shown under References instead.
  const shown = broken.links.filter((link) => link.resource.type !== 'FUNCTION_TEMPLATE');
  await expect(links.getByRole('row')).toHaveCount(shown.length + 1);
  const illegal = links.getByRole('row').filter({ hasText: 'ILLEGAL_REFERENCE' });
  await expect(illegal.first()).toBeVisible();
  await expect(illegal).toHaveCount(shown.filter((link) => link.valid !== 'VALID').length);
  await expectNoAxeViolationsInBothSchemes(
    fieldsPage.page,
    testInfo,
    'drawer',
    keepScreenshotsAtBothWidths,
  );
});
