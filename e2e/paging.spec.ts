import { expect, test } from './support/fixtures';

test.describe('paging', () => {
  test('moves between pages with the range shown, and back/forward restore them', async ({
    fieldsPage,
  }) => {
    await fieldsPage.goto('?size=25');
    await expect(fieldsPage.range).toHaveText(/^Showing 1–25 of [\d,]+ fields$/);
    const firstPage = await fieldsPage.names();

    await fieldsPage.viewAfter(() =>
      fieldsPage.page.getByRole('button', { name: 'Next page' }).click(),
    );

    await expect(fieldsPage.page).toHaveURL(/[?&]page=2/);
    await expect(fieldsPage.range).toHaveText(/^Showing 26–50 of/);
    const secondPage = await fieldsPage.names();
    expect(secondPage.length).toBeGreaterThan(5);
    expect(secondPage.filter((name, index) => name === firstPage[index])).not.toEqual(secondPage);
    await expect(fieldsPage.page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await fieldsPage.page.goBack();
    await expect(fieldsPage.range).toHaveText(/^Showing 1–25 of/);
    await expect.poll(() => fieldsPage.names()).toEqual(firstPage);

    await fieldsPage.page.goForward();
    await expect(fieldsPage.range).toHaveText(/^Showing 26–50 of/);
  });

  test('a page of 5,000 rows renders only what is visible and scrolls to its end', async ({
    fieldsPage,
    api,
  }) => {
    await fieldsPage.goto();

    await fieldsPage.viewAfter(() =>
      fieldsPage.page.getByLabel('Rows per page').selectOption('5000'),
    );

    await expect(fieldsPage.page).toHaveURL(/[?&]size=5000/);
    const range = (await fieldsPage.range.textContent()) ?? '';
    const [, shown, total] = /^Showing 1–([\d,]+) of ([\d,]+) fields$/.exec(range) ?? [];
    expect(shown).toBe(total);
    const rowCount = Number(total!.replaceAll(',', ''));
    expect(rowCount).toBeGreaterThan(1000);
    await expect(fieldsPage.table).toHaveAttribute('aria-rowcount', String(rowCount + 1));
    expect(await fieldsPage.rows.count()).toBeLessThan(100);

    await fieldsPage.scroller.evaluate((element) =>
      element.scrollTo({ top: element.scrollHeight }),
    );

    const lastRow = fieldsPage.table.locator(`tbody tr[aria-rowindex="${rowCount + 1}"]`);
    await expect(lastRow).toBeInViewport();
    const last = await api.search({
      filters: [{ field: 'notvariable' }],
      sort: { field: 'name', ascending: true },
      limit: 1,
      offset: rowCount - 1,
    });
    await expect(lastRow.getByRole('link')).toHaveText(last.results[0]!.name);
  });

  test('while the next view loads, the current rows stay with a loading indicator', async ({
    fieldsPage,
  }) => {
    await fieldsPage.goto();
    const before = await fieldsPage.names();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await fieldsPage.page.route('**/functions/search', async (route) => {
      await released;
      await route.continue();
    });

    await fieldsPage.page.getByLabel('Rows per page').selectOption('100');

    await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'true');
    expect(await fieldsPage.names()).toEqual(before);
    release();
    await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
    await expect(fieldsPage.range).toHaveText(/^Showing 1–100 of/);
  });
});
