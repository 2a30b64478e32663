import { e2eToken, expect, test } from './support/fixtures';
import { FieldsPage } from './support/fields-page';

test('the token travels only in its header: never in a URL, the history or the page', async ({
  page,
}) => {
  const urls: string[] = [];
  const headerTokens = new Set<string>();
  page.on('request', (request) => {
    urls.push(request.url());
    const token = request.headers()['x-service-developer-token'];
    if (token) headerTokens.add(token);
  });
  page.on('framenavigated', (frame) => urls.push(frame.url()));

  await page.goto('/sign-in');
  await page.getByLabel('Developer token').fill(e2eToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const fields = new FieldsPage(page);
  await expect(fields.rows.first()).toBeVisible();
  await fields.dataColumn(1).locator('a').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { name: /Audit/ })).toBeVisible();

  expect(headerTokens).toEqual(new Set([e2eToken]));
  expect(urls.length).toBeGreaterThan(5);
  expect(urls.filter((url) => url.includes(e2eToken))).toEqual([]);
  const history = await page.evaluate(() => [window.location.href, document.referrer]);
  expect(history.filter((url) => url.includes(e2eToken))).toEqual([]);
  expect(await page.locator('body').innerText()).not.toContain(e2eToken);
});
