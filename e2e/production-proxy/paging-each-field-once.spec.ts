import { e2eUrl } from '../../playwright.config';
import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes, keepScreenshot } from '../support/accessibility';
import type { FieldsPage } from '../support/fields-page';
import { expect, test } from '../support/fixtures';

test.use({ baseURL: e2eUrl('productionProxy') });

const PAGE_SIZE = 50;

interface Row {
  id: number;
  name: string;
}

/** The rows of the page shown, checked against the range the page states. */
async function rowsShown(fieldsPage: FieldsPage): Promise<Row[]> {
  const range = (await fieldsPage.range.textContent()) ?? '';
  const [, from, to] = /^Showing ([\d,]+)–([\d,]+) of ([\d,]+) fields$/.exec(range) ?? [];
  const number = (text: string | undefined) => Number(text!.replaceAll(',', ''));
  const rows = await fieldsPage
    .dataColumn(1)
    .locator('a')
    .evaluateAll((links) =>
      links.map((link) => ({
        href: link.getAttribute('href') ?? '',
        name: link.textContent ?? '',
      })),
    );
  expect(rows).toHaveLength(number(to) - number(from) + 1);
  return rows.map(({ href, name }) => ({ id: Number(/^\/fields\/(\d+)/.exec(href)![1]), name }));
}

/** The next page by the pager's Next button, as an admin reviewing fields would. */
async function nextPage(fieldsPage: FieldsPage, shown: Row[]): Promise<Row[]> {
  await fieldsPage.viewAfter(() =>
    fieldsPage.page.getByRole('button', { name: 'Next page' }).click(),
  );
  await expect.poll(async () => (await rowsShown(fieldsPage))[0]?.id).not.toBe(shown[0]!.id);
  return rowsShown(fieldsPage);
}

/**
 * The ids of each run of equal names, in the order shown. The instance orders equal
 * names differently on every request; the proxy's copy orders them by id.
 */
function idsOfEqualNames(rows: Row[]): number[][] {
  const runs: number[][] = [];
  rows.forEach((row, index) => {
    if (index > 0 && rows[index - 1]!.name === row.name) runs.at(-1)!.push(row.id);
    else runs.push([row.id]);
  });
  return runs.filter((run) => run.length > 1);
}

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

// Tall enough that the table renders every row of a page (it renders only rows near the view).
test.use({ viewport: { width: 1280, height: 3200 } });

function freshness(page: Page) {
  return page.getByRole('status', { name: 'Instance data freshness' });
}

// Paging the whole instance each way, and what a copy that shuffles ties does, is
// checked over HTTP in src/service/server/proxy/snapshot-search.test.ts; this journey
// shows that the page pages through that copy and says so.
test('through the proxy, paging by name shows each field once, equal names in id order both ways, and says how fresh the rows are', async ({
  fieldsPage,
  page,
  api,
}, testInfo) => {
  // The first search starts the first scan of the instance; until it completes,
  // searches come straight from the instance. Asked over HTTP, so the page loads once,
  // and sorted as production accepts: the instance then receives it as it is, and
  // production-quirks.spec.ts, running beside this test, checks that every search the
  // instance receives is one production accepts.
  // The list copy answers as a snapshot too, but `listedOnly` until the scan completes.
  await expect
    .poll(
      async () => {
        const { instanceData } = await api.search({
          filters: [{ field: 'notvariable' }],
          sort: { field: 'name', ascending: true },
          limit: 1,
        });
        return instanceData?.source === 'snapshot' && !instanceData.listedOnly;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await fieldsPage.goto(`?size=${PAGE_SIZE}`);
  await expect(freshness(page)).toHaveText(
    /Instance data as of .+ \(\d+ s ago\)\. Searches, Refresh included, ask the instance what changed, at most every \d+ s\./,
  );
  await expect(page.getByText('Pages straight from the instance')).toHaveCount(0);

  const first = await rowsShown(fieldsPage);
  const second = await nextPage(fieldsPage, first);
  const byName = [...first, ...second];
  expect(byName).toHaveLength(PAGE_SIZE * 2);
  expect(new Set(byName.map((row) => row.id)).size).toBe(byName.length);
  const tiesUp = idsOfEqualNames(byName);
  expect(tiesUp.length).toBeGreaterThan(0);
  for (const ids of tiesUp) expect(ids).toEqual(ascending(ids));

  await fieldsPage.viewAfter(() => fieldsPage.sortBy('Name'));
  await expect(fieldsPage.header('Name')).toHaveAttribute('aria-sort', 'descending');
  const down = await rowsShown(fieldsPage);
  const byNameDown = [...down, ...(await nextPage(fieldsPage, down))];
  expect(new Set(byNameDown.map((row) => row.id)).size).toBe(byNameDown.length);
  const tiesDown = idsOfEqualNames(byNameDown);
  expect(tiesDown.length).toBeGreaterThan(0);
  for (const ids of tiesDown) expect(ids).toEqual(ascending(ids).reverse());

  // The table itself is checked by e2e/accessibility.spec.ts; the freshness line is proxy mode's own.
  await expectNoAxeViolationsInBothSchemes(
    page,
    testInfo,
    'proxy-freshness',
    keepScreenshot,
    freshness(page),
  );
});
