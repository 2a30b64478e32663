import { expect, test } from './support/fixtures';

test.describe('titles', () => {
  test('sign-in, the table, a search, the audit and an unknown address each have their own', async ({
    browser,
    baseURL,
    page,
    fieldsPage,
  }) => {
    const signedOut = await browser.newContext({ baseURL });
    const signIn = await signedOut.newPage();
    await signIn.goto('/sign-in');
    await expect(signIn).toHaveTitle('Sign in · Calculated fields');
    await signedOut.close();

    await fieldsPage.goto();
    await expect(page).toHaveTitle('Fields · Calculated fields');
    await fieldsPage.goto('?q=Revenue');
    await expect(page).toHaveTitle('Fields matching “Revenue” · Calculated fields');
    await page.goto('/audit');
    await expect(page).toHaveTitle('Audit · Calculated fields');
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page not found · Calculated fields');
  });

  test('an open field titles the tab with its name, and closing it gives the table its title back', async ({
    fieldsPage,
    drawer,
    api,
  }) => {
    const field = (await api.search({ filters: [{ field: 'notvariable' }], limit: 1 })).results[0]!;
    await fieldsPage.goto(`?q=${encodeURIComponent(field.name)}`);
    await fieldsPage.row(field.id).getByRole('link').click();
    await expect(drawer.dialog).toBeVisible();
    await expect(fieldsPage.page).toHaveTitle(`${field.name} · Calculated fields`);

    await fieldsPage.page.keyboard.press('Escape');

    await expect(drawer.dialog).toBeHidden();
    await expect(fieldsPage.page).toHaveTitle(
      `Fields matching “${field.name}” · Calculated fields`,
    );
  });

  test('a field that does not exist says so in the title', async ({ fieldsPage }) => {
    await fieldsPage.page.goto('/fields/987654321');
    await expect(fieldsPage.page.getByText('No such field', { exact: true })).toBeVisible();
    await expect(fieldsPage.page).toHaveTitle('No such field · Calculated fields');
  });
});
