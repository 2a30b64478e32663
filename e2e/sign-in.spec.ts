import { e2eToken, expect, test } from './support/fixtures';
import { FieldsPage } from './support/fields-page';

test.describe('sign-in', () => {
  test('asks for a token, refuses a wrong one, and returns to the view that was asked for', async ({
    page,
  }) => {
    await page.goto('/fields?q=revenue&sort=-created');

    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: /Sign in/ })).toBeVisible();
    await expect(page.getByText(/developer token/).first()).toBeVisible();

    await page.getByLabel('Developer token').fill('not-a-real-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByText('The server did not accept this token.', { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.getByLabel('Developer token').fill(e2eToken);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const fields = new FieldsPage(page);
    await expect(page).toHaveURL(/\/fields\?q=revenue&sort=-created$/);
    await expect(fields.searchBox).toHaveValue('revenue');
    await expect(fields.rows.first()).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('cfm.developer-token'))).toBe(
      e2eToken,
    );
    // Without "remember on this device", nothing of the token outlives the tab.
    const kept = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(kept).not.toContain(e2eToken);
    expect(page.url()).not.toContain(e2eToken);
  });

  test('"remember on this device" keeps the token across tabs, and sign-out forgets it', async ({
    page,
    context,
  }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Developer token').fill(e2eToken);
    await page.getByLabel('Remember on this device').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(new FieldsPage(page).rows.first()).toBeVisible();

    const otherTab = await context.newPage();
    await otherTab.goto('/fields');
    await expect(new FieldsPage(otherTab).rows.first()).toBeVisible();

    await otherTab.getByRole('button', { name: 'Sign out' }).click();
    await expect(otherTab).toHaveURL(/\/sign-in$/);
    expect(
      await otherTab.evaluate(() => window.localStorage.getItem('cfm.developer-token')),
    ).toBeNull();
    await otherTab.goto('/fields');
    await expect(otherTab).toHaveURL(/\/sign-in$/);
  });

  test('a token the server stops accepting brings back sign-in with a message, keeping the place', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (!window.sessionStorage.getItem('signed-in-once')) {
        window.sessionStorage.setItem('signed-in-once', 'yes');
        window.sessionStorage.setItem('cfm.developer-token', 'a-revoked-token-0000');
      }
    });
    await page.goto('/fields?page=2&size=25');

    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('Your session has ended')).toBeVisible();

    await page.getByLabel('Developer token').fill(e2eToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/fields\?page=2&size=25$/);
    await expect(new FieldsPage(page).range).toHaveText(/^Showing 26–50 of/);
  });
});
