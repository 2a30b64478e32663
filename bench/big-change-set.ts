// A change of every field matching a search, in the browser, as an admin of a large
// instance makes it: "Select all matching", the bulk lock's dry run, the run to its
// summary (and the confirmation to the set's start), the set opened on Activity, and its
// undo: its dry run to its counts and first item (its answer in bytes), then to its summary. Each step is timed on the page's clock from the click to what it
// shows, with the longest task the page's
// thread ran meanwhile (what the admin waits on with a frozen tab), the JavaScript heap
// and the DOM nodes after it; the dry run's answer is measured in bytes.
//
//   tsx bench/big-change-set.ts URL TOKEN [NAME_FRAGMENT]
//
// Against a running server (`npm start -- --demo-fields 100000`); NAME_FRAGMENT narrows
// the search ('' or left out: every field /fields shows). BENCH_STEPS=select,dry-run
// stops after those steps. Prints one JSON line per step. The store is left as it
// was: the lock is undone.
import { loadavg } from 'node:os';
import type { Page, Response } from '@playwright/test';
import { tokenStorageKey } from '../src/api/session';
import { TOKEN_HEADER } from '../src/contract/paths';
import { launchChromium } from './support/chromium';

const [url, token, fragment = ''] = process.argv.slice(2);
if (!url || !token) throw new Error('usage: tsx bench/big-change-set.ts URL TOKEN [NAME_FRAGMENT]');
const steps = new Set(
  process.env.BENCH_STEPS?.split(',') ?? ['select', 'dry-run', 'run', 'activity', 'undo'],
);
const minutes = 60_000;

/** Every task of the page's thread over 50 ms, kept from the start. */
const longTasks = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });`;

async function measure(
  page: Page,
  name: string,
  act: () => Promise<void>,
  done: () => Promise<void>,
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const from = await page.evaluate(() => performance.now());
  await act();
  await done();
  const to = await page.evaluate(() => performance.now());
  const longest = await page.evaluate(
    ([start]) =>
      Math.max(
        0,
        ...(window as unknown as { __longTasks: [number, number][] }).__longTasks
          .filter(([at]) => at >= start!)
          .map(([, duration]) => duration),
      ),
    [from],
  );
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (key: string) => metrics.find((entry) => entry.name === key)?.value ?? 0;
  const figures = {
    step: name,
    ms: Math.round(to - from),
    longestTaskMs: Math.round(longest),
    heapMb: Math.round(metric('JSHeapUsedSize') / 1e6),
    domNodes: metric('Nodes'),
    load: loadavg()[0]!.toFixed(1),
  };
  console.log(JSON.stringify(figures));
  await cdp.detach();
}

async function main() {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    baseURL: url,
  });
  await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
    tokenStorageKey,
    token!,
  ] as const);
  await context.addInitScript({ content: longTasks });
  // Every answer's sizes are kept (the default keeps 250), so the dry run's is found.
  await context.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
  const page = await context.newPage();
  page.setDefaultTimeout(20 * minutes);
  await page.goto(`/fields${fragment ? `?q=${encodeURIComponent(fragment)}` : ''}`);
  await page.waitForSelector('table[aria-label="Calculated fields"] tbody tr[aria-rowindex]');
  const bar = page.getByRole('group', { name: 'Selected fields' });
  await page.getByRole('checkbox', { name: 'Select all fields on this page' }).check();
  await measure(
    page,
    'select all matching',
    () => bar.getByRole('button', { name: /^Select all .* matching$/ }).click(),
    () => bar.getByText(/^All .* matching are selected\.$/).waitFor(),
  );
  const dialog = page.getByRole('dialog');
  if (!steps.has('dry-run')) return browser.close();
  await measure(
    page,
    'dry run to its list',
    () => bar.getByRole('button', { name: 'Lock selected', exact: true }).click(),
    async () => {
      await dialog.getByRole('status').filter({ hasText: 'will change' }).waitFor();
      await dialog.getByRole('listitem').first().waitFor();
    },
  );
  console.log(
    JSON.stringify({
      said: await dialog.getByRole('status').filter({ hasText: 'will change' }).textContent(),
      answerBytes: await answerBytes(page, '/api/journal/v1/plans'),
    }),
  );
  if (!steps.has('run')) return browser.close();
  const started = page
    .waitForResponse((answer) => isAnswerTo(answer, 'POST', '/api/journal/v1/change-sets'), {
      timeout: 20 * minutes,
    })
    .then(() => Date.now());
  const clicked = Date.now();
  await measure(
    page,
    'run to its summary',
    () => dialog.getByRole('button', { name: 'Lock', exact: true }).click(),
    // The footer's Close (the header's is the other) comes once the set's items are read.
    () => dialog.getByRole('button', { name: 'Close', exact: true }).nth(1).waitFor(),
  );
  console.log(JSON.stringify({ step: 'confirm to started', ms: (await started) - clicked }));
  console.log(JSON.stringify({ said: await dialog.getByRole('status').first().textContent() }));
  const id = await latestChangeSet(page);
  if (steps.has('activity')) {
    const activity = await context.newPage();
    activity.setDefaultTimeout(20 * minutes);
    await measure(
      activity,
      'the set opened on Activity',
      () => activity.goto(`/activity?changeSet=${id}`).then(() => undefined),
      // Its first field's link, in the items' table (before) or list.
      () => activity.locator(`[aria-label="Items of change set ${id}"] a`).first().waitFor(),
    );
    await activity.close();
  }
  if (steps.has('undo')) {
    await measure(
      page,
      'undo dry run to its counts',
      () => dialog.getByRole('button', { name: 'Undo…' }).click(),
      () => dialog.getByRole('status').filter({ hasText: 'will change' }).waitFor(),
    );
    await measure(
      page,
      'undo dry run to its first item',
      () => Promise.resolve(),
      () =>
        dialog
          .getByRole('list', { name: /^What the (change|undo) would do$/ })
          .getByRole('listitem')
          .first()
          .waitFor(),
    );
    console.log(
      JSON.stringify({
        said: await dialog.getByRole('status').filter({ hasText: 'will change' }).textContent(),
        answerBytes: await answerBytes(page, `/api/journal/v1/change-sets/${id}/undo`),
      }),
    );
    // The undo is started by the dry run's id (a kept plan) or by the undo's own route.
    const undoStarted = page
      .waitForResponse(
        (answer) =>
          isAnswerTo(answer, 'POST', '/api/journal/v1/change-sets') ||
          isAnswerTo(answer, 'POST', `/api/journal/v1/change-sets/${id}/undo`),
        { timeout: 20 * minutes },
      )
      .then(() => Date.now());
    const undoClicked = Date.now();
    await measure(
      page,
      'undo to its summary',
      () => dialog.getByRole('button', { name: /^Undo$/ }).click(),
      () =>
        dialog
          .getByRole('status')
          .filter({ hasText: /^Undone by change set/ })
          .waitFor(),
    );
    console.log(
      JSON.stringify({ step: 'undo confirm to started', ms: (await undoStarted) - undoClicked }),
    );
  }
  await browser.close();
}

function isAnswerTo(answer: Response, method: string, path: string): boolean {
  return answer.request().method() === method && new URL(answer.url()).pathname === path;
}

/** The size of the page's last answer from `path`: as sent (compressed), and as read. */
function answerBytes(page: Page, path: string) {
  return page.evaluate((ending) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const last = entries.filter((entry) => new URL(entry.name).pathname === ending).at(-1);
    return last && { sent: last.encodedBodySize, read: last.decodedBodySize };
  }, path);
}

async function latestChangeSet(page: Page): Promise<number> {
  const answer = await page.request.get(`${url}/api/journal/v1/change-sets?limit=1`, {
    headers: { [TOKEN_HEADER]: token! },
  });
  return ((await answer.json()) as { changeSets: { id: number }[] }).changeSets[0]!.id;
}

await main();
