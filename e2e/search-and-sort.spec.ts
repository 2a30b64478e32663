import { typingPauseMs } from '../src/features/fields/filters/typing-pause';
import { expect, test } from './support/fixtures';

test.describe('search and sort', () => {
  test('searching by name as you type narrows the rows; keys queued behind the first are one search', async ({
    fieldsPage,
  }) => {
    // The page's clock is ours, so a slow machine cannot stretch a pause between keys.
    await fieldsPage.page.clock.install();
    await fieldsPage.goto();
    const searches: string[] = [];
    fieldsPage.page.on('request', (request) => {
      if (request.url().endsWith('/functions/search')) {
        searches.push((request.postDataJSON() as { name: string }).name);
      }
    });
    const now = await fieldsPage.page.evaluate(() => Date.now());
    await fieldsPage.page.clock.pauseAt(now + 1_000);

    await fieldsPage.searchBox.pressSequentially('revenue');
    // A request reaches this process a moment after the page sends it. The first key's
    // search leaves from the key itself; the page's clock stands still meanwhile, so the
    // keys after it wait as keys queued behind a busy page do, for the page's next turn.
    await fieldsPage.page.waitForTimeout(300);
    expect(searches).toEqual(['r']);
    await fieldsPage.page.clock.runFor(typingPauseMs);
    await fieldsPage.page.clock.resume();

    await expect(fieldsPage.page).toHaveURL(/[?&]q=revenue/);
    await expect
      .poll(async () => {
        const names = await fieldsPage.names();
        return names.length > 0 && names.every((name) => name.toLowerCase().includes('revenue'));
      })
      .toBe(true);
    // One request for the keys that queued up, not one per key.
    expect(searches).toEqual(['r', 'revenue']);
  });

  test('the address takes a refined name once typing pauses, and one Back leaves the search', async ({
    fieldsPage,
  }) => {
    const page = fieldsPage.page;
    await fieldsPage.goto();
    await fieldsPage.searchBox.pressSequentially('rev', { delay: 100 });
    await expect(page).toHaveURL(/[?&]q=rev(&|$)/);
    await fieldsPage.searchBox.press('e');
    await expect(page).toHaveURL(/[?&]q=reve(&|$)/);
    await expect
      .poll(async () => (await fieldsPage.names()).every((name) => /reve/i.test(name)))
      .toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/fields$/);
    await expect(fieldsPage.searchBox).toHaveValue('');
  });

  // One page load serves both columns: each is sorted from the order the one before left.
  test('sorts by created, then by last modified, each newest first and then oldest first', async ({
    fieldsPage,
  }) => {
    await fieldsPage.goto();
    for (const [header, param, column] of [
      ['Created', 'created', 7],
      ['Last modified', 'lastModified', 8],
    ] as const) {
      await test.step(header, async () => {
        const times = () =>
          fieldsPage
            .dataColumn(column)
            .locator('time')
            .evaluateAll((cells) =>
              cells.map((cell) => Date.parse(cell.getAttribute('datetime')!)),
            );

        await fieldsPage.viewAfter(() => fieldsPage.sortBy(header));
        await expect(fieldsPage.header(header)).toHaveAttribute('aria-sort', 'descending');
        await expect(fieldsPage.page).toHaveURL(new RegExp(`[?&]sort=-${param}`));
        const newestFirst = await times();
        expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a));

        await fieldsPage.viewAfter(() => fieldsPage.sortBy(header));
        await expect(fieldsPage.header(header)).toHaveAttribute('aria-sort', 'ascending');
        await expect(fieldsPage.header('Name')).toHaveAttribute('aria-sort', 'none');
        const oldestFirst = await times();
        expect(oldestFirst).toEqual([...oldestFirst].sort((a, b) => a - b));
        expect(oldestFirst[0]).not.toBe(newestFirst[0]);
      });
    }
  });

  // A sort production lacks, answered from the server's copy (docs/api.md, "Sorts of the copy").
  test('sorts by the number of links, the most first and then the fewest', async ({
    fieldsPage,
  }) => {
    await fieldsPage.goto();
    const counts = () =>
      fieldsPage
        .dataColumn(5)
        .evaluateAll((cells) => cells.map((cell) => Number.parseInt(cell.textContent ?? '', 10)));

    await fieldsPage.viewAfter(() => fieldsPage.sortBy('Links'));
    await expect(fieldsPage.header('Links')).toHaveAttribute('aria-sort', 'descending');
    await expect(fieldsPage.page).toHaveURL(/[?&]sort=-links/);
    const mostFirst = await counts();
    expect(mostFirst).toEqual([...mostFirst].sort((a, b) => b - a));

    await fieldsPage.viewAfter(() => fieldsPage.sortBy('Links'));
    await expect(fieldsPage.header('Links')).toHaveAttribute('aria-sort', 'ascending');
    const fewestFirst = await counts();
    expect(fewestFirst).toEqual([...fewestFirst].sort((a, b) => a - b));
    expect(fewestFirst[0]).toBeLessThan(mostFirst[0]!);
  });
});
