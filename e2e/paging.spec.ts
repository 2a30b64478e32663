import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures';

// One page load serves the three: each step starts where the one before it ended.
test('paging: moves between pages with the range shown and back/forward restoring them; the current rows stay while the next view loads; a page of 5,000 rows renders only what is visible and scrolls to its end', async ({
  fieldsPage,
  api,
}) => {
  const { page } = fieldsPage;
  await fieldsPage.goto('?size=25');

  await test.step('moves between pages with the range shown, and back/forward restore them', async () => {
    await expect(fieldsPage.range).toHaveText(/^Showing 1–25 of [\d,]+ fields$/);
    const firstPage = await fieldsPage.names();

    await fieldsPage.viewAfter(() => page.getByRole('button', { name: 'Next page' }).click());

    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(fieldsPage.range).toHaveText(/^Showing 26–50 of/);
    const secondPage = await fieldsPage.names();
    expect(secondPage.length).toBeGreaterThan(5);
    expect(secondPage.filter((name, index) => name === firstPage[index])).not.toEqual(secondPage);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goBack();
    await expect(fieldsPage.range).toHaveText(/^Showing 1–25 of/);
    await expect.poll(() => fieldsPage.names()).toEqual(firstPage);

    await page.goForward();
    await expect(fieldsPage.range).toHaveText(/^Showing 26–50 of/);
  });

  await test.step('while the next view loads, the current rows stay, dimmed at once, with a loading indicator', async () => {
    const before = await fieldsPage.names();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const holdSearches = async (route: Route) => {
      await released;
      await route.continue();
    };
    await page.route('**/functions/search', holdSearches);
    // With the system's usual motion, where a fade would run (the suite asks for reduced motion).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // The table's opacity as it turns busy, read at that moment: a fade would be at its start.
    await page.evaluate(() => {
      const record = window as unknown as { dimmedTo?: string };
      new MutationObserver(() => {
        const table = document.querySelector('table[aria-label="Calculated fields"]');
        if (table?.getAttribute('aria-busy') === 'true')
          record.dimmedTo ??= getComputedStyle(table).opacity;
      }).observe(document.body, { subtree: true, attributeFilter: ['aria-busy'] });
    });

    await page.getByLabel('Rows per page').selectOption('100');

    await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'true');
    expect(await page.evaluate(() => (window as unknown as { dimmedTo?: string }).dimmedTo)).toBe(
      '0.6',
    );
    expect(await fieldsPage.names()).toEqual(before);
    release();
    await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
    await expect(fieldsPage.range).toHaveText(/^Showing 1–100 of/);
    await page.unroute('**/functions/search', holdSearches);
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  await test.step('a page of 5,000 rows renders only what is visible and scrolls to its end', async () => {
    await fieldsPage.viewAfter(() => page.getByLabel('Rows per page').selectOption('5000'));

    await expect(page).toHaveURL(/[?&]size=5000/);
    // The pager takes the view a frame after the rows are drawn: wait for it to show every row.
    await expect(fieldsPage.range).toHaveText(/^Showing 1–([\d,]+) of \1 fields$/);
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
});
