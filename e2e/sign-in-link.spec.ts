import { signInLink } from '../src/contract/sign-in-link';
import { keepScreenshot } from './support/accessibility';
import { e2eToken, expect, test } from './support/fixtures';
import { FieldsPage } from './support/fields-page';

test('the demo says so at sign-in, and its printed link signs in, leaving no token in the address or the history', async ({
  page,
  baseURL,
}, testInfo) => {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));

  await page.goto('/sign-in');
  await expect(page.getByText('This is the demo instance')).toBeVisible();
  // accessibility.spec.ts checks this page, demo note included, in both schemes.
  await keepScreenshot(page, testInfo, 'sign-in-demo');

  // The link as `npm start` prints it, with a view to open after it.
  const link = signInLink(baseURL!, e2eToken).replace('/#', '/fields?q=revenue#');
  await page.goto(link);
  const fields = new FieldsPage(page);
  await expect(fields.rows.first()).toBeVisible();
  await expect(fields.searchBox).toHaveValue('revenue');
  expect(page.url()).toBe(`${baseURL}/fields?q=revenue`);
  expect(await page.evaluate(() => window.sessionStorage.getItem('cfm.developer-token'))).toBe(
    e2eToken,
  );
  expect(await page.evaluate(() => window.localStorage.getItem('cfm.developer-token'))).toBeNull();

  // Back leaves for the page before, the sign-in page, which a signed-in tab leaves
  // for the table in place; no entry between holds the token. Going forward before
  // that redirect has run would race it, so the test waits for it.
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/fields`);
  expect(page.url()).not.toContain(e2eToken);
  await page.goForward();
  await expect(page).toHaveURL(`${baseURL}/fields?q=revenue`);
  expect(urls.length).toBeGreaterThan(3);
  expect(urls.filter((url) => url.includes(e2eToken))).toEqual([]);
});
