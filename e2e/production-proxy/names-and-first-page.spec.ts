import { e2eUrl } from '../../playwright.config';
import { expect, test } from '../support/fixtures';

test.use({ baseURL: e2eUrl('productionProxy') });
// Tall enough that the table renders every row of a page (it renders only rows near the view).
test.use({ viewport: { width: 1280, height: 3200 } });

const PAGE_SIZE = 50;

// Whichever search reaches the proxy first, its answer is exact: before the first
// scan completes, the proxy lists the 300-field instance in a moment and answers
// from that list (docs/proxy.md). Paging the whole list is checked over HTTP in
// src/service/audit/snapshot/list-copy.test.ts.
test('through the proxy, owners are named by the instance and the first two pages by name show each field once', async ({
  fieldsPage,
  page,
  api,
}) => {
  await fieldsPage.goto(`?size=${PAGE_SIZE}`);
  await expect(page.getByRole('status', { name: 'Instance data freshness' })).toBeVisible();
  await expect(page.getByText('Pages straight from the instance')).toHaveCount(0);

  const idsShown = async () =>
    (
      await fieldsPage
        .dataColumn(1)
        .locator('a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    ).map((href) => Number(/^\/fields\/(\d+)/.exec(href)![1]));
  const first = await idsShown();
  expect(first).toHaveLength(PAGE_SIZE);

  // The first row's owner, as the instance's users endpoint names them.
  const field = await api.field(first[0]!);
  const [owner] = await api.users([field.owner]);
  expect(owner?.displayName).toBeTruthy();
  await expect(fieldsPage.rows.first()).toContainText(owner!.displayName);

  await fieldsPage.viewAfter(() => page.getByRole('button', { name: 'Next page' }).click());
  await expect.poll(async () => (await idsShown())[0]).not.toBe(first[0]);
  const both = [...first, ...(await idsShown())];
  expect(new Set(both).size).toBe(both.length);
});
