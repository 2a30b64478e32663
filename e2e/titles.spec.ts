import { expect, test } from './support/fixtures';

// The sign-in page's title is checked with its accessibility (accessibility.spec.ts).
// One journey, moving inside the app where a user would, and loading only the
// addresses a user would paste.
test('the app replaces its loading frame; the table, a search, an open field, the audit, an unknown address and a missing field each title the tab; a missing field says so', async ({
  fieldsPage,
  drawer,
  api,
}) => {
  const page = fieldsPage.page;
  const field = (await api.search({ filters: [{ field: 'notvariable' }], limit: 1 })).results[0]!;
  await fieldsPage.goto();
  await test.step('the app has replaced the frame drawn before its script ran', async () => {
    await expect(page.getByRole('status', { name: 'Loading the app' })).toHaveCount(0);
    await expect(page.getByText('Calculated-field manager')).toHaveCount(1);
  });
  await expect(page).toHaveTitle('Fields · Calculated fields');

  await fieldsPage.viewAfter(() => fieldsPage.searchBox.fill(field.name));
  await expect(page).toHaveTitle(`Fields matching “${field.name}” · Calculated fields`);

  await fieldsPage.row(field.id).getByRole('link').click();
  await expect(drawer.dialog).toBeVisible();
  await expect(page).toHaveTitle(`${field.name} · Calculated fields`);
  await page.keyboard.press('Escape');
  await expect(drawer.dialog).toBeHidden();
  await expect(page).toHaveTitle(`Fields matching “${field.name}” · Calculated fields`);

  await page.getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveTitle('Audit · Calculated fields');

  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Calculated fields');

  await page.goto('/fields/987654321');
  await expect(page.getByText('No such field', { exact: true })).toBeVisible();
  await expect(drawer.dialog).toContainText('No calculated field has the id 987654321.');
  await expect(page).toHaveTitle('No such field · Calculated fields');
});
