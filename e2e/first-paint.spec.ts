import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, keepScreenshot } from './support/accessibility';
import { APP_CONFIG_PATH, apiPaths } from '../src/contract/paths';
import { eagerCompileHint } from '../scripts/vite/compile-hints';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the page shows its frame and a spinner before any script runs (${colorScheme})`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    // The scripts never arrive: what is drawn comes from the HTML alone.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/fields');
    await expect(page.getByText('Calculated-field manager')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the app' })).toBeVisible();
    const background = await page
      .locator('#root > div')
      .evaluate((frame) => getComputedStyle(frame).backgroundColor);
    expect(background).toBe(colorScheme === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, testInfo, `first-paint-${colorScheme}`);
  });
}

// That the app replaces the frame once its script runs is checked on the first load of
// titles.spec.ts.

test('the app asks for its config with the page, once, not after its script has run', async ({
  signedInPage: page,
}) => {
  const order: string[] = [];
  let configAsked: () => void = () => {};
  const configRequested = new Promise<void>((resolve) => (configAsked = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== APP_CONFIG_PATH) return;
    order.push('config');
    configAsked();
  });
  // Scripts are held until the config has been asked for (at most 2 s): an app that asks
  // only once its script runs gets its scripts late, and asks after them.
  const twoSeconds = new Promise<void>((resolve) => setTimeout(resolve, 2000));
  await page.route('**/assets/*.js', async (route) => {
    await Promise.race([configRequested, twoSeconds]);
    order.push('script');
    await route.continue();
  });
  await page.goto('/fields');
  await expect(page.getByRole('table', { name: 'Calculated fields' })).toBeVisible();
  expect(order[0]).toBe('config');
  expect(order.filter((step) => step === 'config')).toHaveLength(1);
});

test('the fields page’s code is asked for as the app’s script starts, before its first search', async ({
  signedInPage: page,
}) => {
  // Asked for once the router was made, the page's files arrived only after the rest of
  // the entry had run; asked for first, they arrive meanwhile (src/app/entry-start.ts).
  const order: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/assets\/FieldsPage-[\w-]+\.js$/.test(path)) order.push('page code');
    if (path === apiPaths.search) order.push('search');
  });
  await page.goto('/fields');
  await expect(page.getByRole('table', { name: 'Calculated fields' })).toBeVisible();
  expect(order.slice(0, 2)).toEqual(['page code', 'search']);
});

test('the fields page’s chunks are marked for V8 to compile as they arrive', async ({
  signedInPage: page,
}) => {
  await page.goto('/fields');
  await expect(page.getByRole('table', { name: 'Calculated fields' })).toBeVisible();
  const chunks = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) =>
        /\/assets\/(FieldsPage|fields-page-shared|first-screens)-[\w-]+\.js$/.test(url),
      ),
  );
  expect(chunks).toHaveLength(3);
  for (const url of chunks) {
    const code = await (await page.request.get(url)).text();
    expect(code.startsWith(eagerCompileHint), url).toBe(true);
  }
});

test('the fields page’s first search finds one of the browser’s six connections free', async ({
  signedInPage: page,
}) => {
  // Over HTTP/1.1 a browser opens six connections to a server. The entry asks for the
  // page's files before the search (src/app/entry-start.ts): six of them held all six,
  // and the search waited for the first to arrive (bench/results/first-screen.md).
  const entryFiles = new Set(
    (await (await page.request.get('/fields')).text()).match(/\/assets\/[^"]+/g),
  );
  const open = new Set<string>();
  let openWhenSearched: number | undefined;
  let searched: () => void = () => {};
  const searchAsked = new Promise<void>((resolve) => (searched = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== apiPaths.search || openWhenSearched !== undefined)
      return;
    openWhenSearched = open.size;
    searched();
  });
  // The page's files are held until the search has been asked for (at most 2 s), so
  // that every one the page asks for first is still open then.
  const twoSeconds = new Promise<void>((resolve) => setTimeout(resolve, 2000));
  await page.route('**/assets/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!entryFiles.has(path)) {
      open.add(path);
      await Promise.race([searchAsked, twoSeconds]);
    }
    await route.continue();
  });
  await page.goto('/fields');
  await expect(page.getByRole('table', { name: 'Calculated fields' })).toBeVisible();
  expect(openWhenSearched).toBeGreaterThan(0);
  expect(openWhenSearched).toBeLessThan(6);
});

test('the fields page’s first search is sent once, by the app’s entry, for the address’s view', async ({
  signedInPage: page,
}) => {
  // The entry sends the search of the address's view before the page's code has arrived
  // (src/main.tsx, features/fields/prefetch-fields-page.ts); the page then takes that
  // answer from the query cache. Were the two to read the address differently, the page
  // would ask again for its own.
  const searches: { name?: string; limit?: number; offset?: number }[] = [];
  let pageCodeSent = false;
  let searchedBeforePageCode = false;
  let searched: () => void = () => {};
  const searchAsked = new Promise<void>((resolve) => (searched = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== apiPaths.search) return;
    searches.push(request.postDataJSON() as (typeof searches)[number]);
    if (!pageCodeSent) searchedBeforePageCode = true;
    searched();
  });
  // The page's own module is held until a search is asked for (at most 2 s): a search
  // asked meanwhile can only be the entry's.
  const twoSeconds = new Promise<void>((resolve) => setTimeout(resolve, 2000));
  await page.route(/\/assets\/FieldsPage-[\w-]+\.js$/, async (route) => {
    await Promise.race([searchAsked, twoSeconds]);
    pageCodeSent = true;
    await route.continue();
  });
  await page.goto('/fields?q=revenue&sort=-created&page=2&size=25');
  const table = page.getByRole('table', { name: 'Calculated fields' });
  await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('revenue');
  expect(searchedBeforePageCode).toBe(true);
  expect(searches).toHaveLength(1);
  expect(searches[0]).toMatchObject({ name: 'revenue', limit: 25, offset: 25 });
});
