import { e2eUrl } from '../../playwright.config';
import { FieldsPage } from '../support/fields-page';
import { e2eToken, expect, test } from '../support/fixtures';
import { trueCount } from '../support/production-instance';

test.use({ baseURL: e2eUrl('productionProxy') });

test('signing in through the proxy shows the production-shaped instance', async ({ page }) => {
  await page.goto('/fields');
  await page.getByLabel('Developer token').fill(e2eToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const fields = new FieldsPage(page);
  await expect(fields.rows.first()).toBeVisible();
  const visible = await trueCount([{ field: 'notvariable' }]);
  await expect(page.getByText(`${visible.toLocaleString('en-US')} matching`)).toBeVisible();
});
