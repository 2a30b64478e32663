import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { tokenStorageKey } from '../../src/api/session';
import { JOURNAL_BASE } from '../../src/contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import type { FirstRowsPeer } from './first-rows-peers';
import { firstRowsPeers, peerPath } from './first-rows-peers';
import type { TypedWord } from './typed-words';
import { pageProbe } from './page-probe';
import { cpuMilliseconds } from './processes';
import { chromiumCpuMs, rendererCpuMs } from './renderer-cpu';
import type { Spread } from './percentiles';
import { spread } from './percentiles';

export interface BenchTarget {
  url: string;
  token: string;
  fields: number;
  /** How many fields /fields shows with its default filters. */
  shown: number;
  /** The service's process, whose CPU time the bulk lock reads. */
  servicePid?: number;
}

const viewport = { width: 1280, height: 800 };

/** A fresh context (empty cache) whose pages hold the token and run the probe first. */
export async function signedInContext(browser: Browser, target: BenchTarget) {
  const context = await browser.newContext({ viewport, baseURL: target.url });
  await context.addInitScript(([key, token]) => window.sessionStorage.setItem(key, token), [
    tokenStorageKey,
    target.token,
  ] as const);
  await context.addInitScript({ content: pageProbe });
  return context;
}

const rowsSelector = 'table[aria-label="Calculated fields"] tbody tr[aria-rowindex]';

export async function openFields(context: BrowserContext, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/fields${query}`);
  await page.waitForSelector(rowsSelector);
  return page;
}

export interface LoadingFigures {
  firstRowsMs: Spread;
  /** The same for each peer page (bench/peers), loaded in turn with the app: what this machine needs at the least. */
  peerFirstRowsMs: Record<FirstRowsPeer, Spread>;
  /** The same, with the network held to 10 Mbit/s and 20 ms of latency. */
  firstRowsSlowMs: Spread;
  /** The scripts received before the first rows were painted: what the first screen waited for. */
  scriptTransferredKb: number;
  scriptDecodedKb: number;
  scriptFiles: number;
  /** Scripts received after the first rows (the parts loaded when idle or on first use). */
  laterScriptTransferredKb: number;
  styleTransferredKb: number;
}

async function firstRows(browser: Browser, target: BenchTarget, slow: boolean, path = '/fields') {
  const context = await signedInContext(browser, target);
  const page = await context.newPage();
  if (slow) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000 / 8,
      uploadThroughput: 10_000_000 / 8,
    });
  }
  await page.goto(path);
  await page.waitForSelector(rowsSelector);
  await page.waitForFunction('window.__bench.firstRowsAt !== null');
  const figures = (await page.evaluate(`(() => {
    const at = window.__bench.firstRowsAt;
    const resources = performance.getEntriesByType('resource');
    const before = resources.filter((entry) => entry.responseEnd <= at);
    const scripts = before.filter((entry) => entry.name.endsWith('.js'));
    const sum = (entries, key) => entries.reduce((total, entry) => total + entry[key], 0);
    return {
      at,
      scriptTransferred: sum(scripts, 'transferSize'),
      scriptDecoded: sum(scripts, 'decodedBodySize'),
      scriptFiles: scripts.length,
      laterScriptTransferred: sum(
        resources.filter((entry) => entry.responseEnd > at && entry.name.endsWith('.js')),
        'transferSize',
      ),
      styleTransferred: sum(before.filter((entry) => entry.name.endsWith('.css')), 'transferSize'),
    };
  })()`)) as {
    at: number;
    scriptTransferred: number;
    scriptDecoded: number;
    scriptFiles: number;
    laterScriptTransferred: number;
    styleTransferred: number;
  };
  await context.close();
  return figures;
}

/**
 * Cold loads of /fields, each in a new context: navigation start to the first rows
 * painted. Each load of the app is followed by one of each peer page, measured the
 * same way, so the peers see the same machine as the app.
 */
export async function measureLoading(
  browser: Browser,
  target: BenchTarget,
  runs: number,
): Promise<LoadingFigures> {
  const peers = Object.keys(firstRowsPeers) as FirstRowsPeer[];
  const peerLoad = async (peer: FirstRowsPeer) =>
    (await firstRows(browser, target, false, peerPath(peer))).at;
  // The server's first answers, and its first reads of each peer's files, are not counted.
  await firstRows(browser, target, false);
  for (const peer of peers) await peerLoad(peer);
  const fast = [];
  const peerTimes = new Map(peers.map((peer) => [peer, [] as number[]]));
  for (let run = 0; run < runs; run++) {
    fast.push(await firstRows(browser, target, false));
    for (const peer of peers) peerTimes.get(peer)!.push(await peerLoad(peer));
  }
  const slow = [];
  for (let run = 0; run < Math.ceil(runs / 2); run++)
    slow.push(await firstRows(browser, target, true));
  const kb = (bytes: number) => Math.round(bytes / 100) / 10;
  return {
    firstRowsMs: spread(fast.map((load) => load.at)),
    peerFirstRowsMs: Object.fromEntries(
      peers.map((peer) => [peer, spread(peerTimes.get(peer)!)]),
    ) as Record<FirstRowsPeer, Spread>,
    firstRowsSlowMs: spread(slow.map((load) => load.at)),
    scriptTransferredKb: kb(fast[0]!.scriptTransferred),
    scriptDecodedKb: kb(fast[0]!.scriptDecoded),
    scriptFiles: fast[0]!.scriptFiles,
    laterScriptTransferredKb: kb(fast[0]!.laterScriptTransferred),
    styleTransferredKb: kb(fast[0]!.styleTransferred),
  };
}

export interface TypingFigures {
  keyToRowsMs: Spread;
  /**
   * The floor: the same words typed the same way into a plain page that sends each
   * key's search and draws the answer as a plain table (bench/peers/plain-typing.ts),
   * each word right after the app's, so both see the same machine.
   */
  floorKeyToRowsMs: Spread;
  /** `fetch()` and `response.json()` of each word's last search alone, on the app's page once idle. */
  fetchAndParseMs: Spread;
  /** Each word's time, in the order typed: the app's and the plain page's. */
  wordsMs: Array<{ word: string; app: number; floor: number }>;
  searchesSent: number;
  searchesCancelled: number;
}

/**
 * Types a fragment into an empty search box at 100 ms per key and answers the time
 * from the last key to the frame that shows that fragment's matches (its count, not
 * busy, the first row's name containing it).
 */
export async function typeWord(
  page: Page,
  fragment: TypedWord,
  totalText: string,
): Promise<number> {
  await page.bringToFront();
  const box = page.getByRole('searchbox', { name: 'Search by name' });
  await box.fill('');
  await page.evaluate(
    `window.__bench.paintedWhen(() => window.__bench.rowsMatch('', ${JSON.stringify(totalText)}))`,
  );
  await box.focus();
  const keysBefore = (await page.evaluate('window.__bench.keys')) as number;
  const countText = `${fragment.hits.toLocaleString('en-US')} matching`;
  const painted = page.evaluate(
    `window.__bench.paintedWhen(() => window.__bench.keys >= ${keysBefore + fragment.text.length} && window.__bench.rowsMatch(${JSON.stringify(fragment.text)}, ${JSON.stringify(countText)}))`,
  ) as Promise<number>;
  await page.keyboard.type(fragment.text, { delay: 100 });
  const paintedAt = await painted;
  const lastKeyAt = (await page.evaluate('window.__bench.lastKeyAt')) as number;
  return paintedAt - lastKeyAt;
}

/**
 * Types each fragment into /fields (typeWord), then the same into the plain typing
 * page, word by word in turn; after each of the app's words, once its page is idle,
 * fetches and parses that word's last search alone.
 */
export async function measureTyping(
  browser: Browser,
  target: BenchTarget,
  fragments: readonly TypedWord[],
): Promise<TypingFigures> {
  const context = await signedInContext(browser, target);
  const page = await openFields(context);
  const floorPage = await context.newPage();
  await floorPage.goto(peerPath('typing'));
  const inFlight = requestsInFlight(page);
  let searchesSent = 0;
  let searchesCancelled = 0;
  let lastSearch = '';
  page.on('request', (request) => {
    if (!request.url().endsWith(apiPaths.search)) return;
    searchesSent += 1;
    lastSearch = request.postData() ?? '';
  });
  page.on('requestfailed', (request) => {
    if (request.url().endsWith(apiPaths.search)) searchesCancelled += 1;
  });
  const totalText = `${target.shown.toLocaleString('en-US')} matching`;
  const latencies: number[] = [];
  const floors: number[] = [];
  const fetchAndParse: number[] = [];
  for (const fragment of fragments) {
    latencies.push(await typeWord(page, fragment, totalText));
    const body = lastSearch;
    await untilIdle(page, inFlight);
    const floor = (await page.evaluate(
      `window.__bench.fetchAndParse(${JSON.stringify(apiPaths.search)}, ${JSON.stringify(body)}, ${JSON.stringify(TOKEN_HEADER)}, ${JSON.stringify(tokenStorageKey)})`,
    )) as { total: number };
    searchesSent -= 1; // the floor's own fetch
    fetchAndParse.push(floor.total);
    floors.push(await typeWord(floorPage, fragment, totalText));
  }
  await context.close();
  return {
    keyToRowsMs: spread(latencies),
    floorKeyToRowsMs: spread(floors),
    fetchAndParseMs: spread(fetchAndParse),
    wordsMs: fragments.map((fragment, index) => ({
      word: fragment.text,
      app: Math.round(latencies[index]!),
      floor: Math.round(floors[index]!),
    })),
    searchesSent,
    searchesCancelled,
  };
}

export interface PageSizeFigures {
  choiceToRowsMs: Spread;
  /** The renderer's CPU time from the choice to the rows painted, which other work on the machine hardly moves. */
  rendererCpuMs: Spread;
  /**
   * The floor: `fetch()` and `response.json()` of the very search the app sent for
   * those rows, on the same page once it is idle, drawing nothing.
   */
  fetchAndParseMs: Spread;
  /** Of that, from the fetch to the answer's headers. */
  fetchToHeadersMs: Spread;
}

/** How many of the requests a page sends from now on are still on their way. */
function requestsInFlight(page: Page): () => number {
  const onTheirWay = new Set<Request>();
  page.on('request', (request) => onTheirWay.add(request));
  page.on('requestfinished', (request) => onTheirWay.delete(request));
  page.on('requestfailed', (request) => onTheirWay.delete(request));
  return () => onTheirWay.size;
}

async function untilIdle(page: Page, inFlight: () => number) {
  while (inFlight() > 0) await page.waitForTimeout(20);
}

/** Chooses 5,000 rows per page on a fresh page and times the choice to the rows painted. */
export async function measurePageSize(
  browser: Browser,
  target: BenchTarget,
  runs: number,
): Promise<PageSizeFigures> {
  const context = await signedInContext(browser, target);
  const times = [];
  const cpuTimes = [];
  const floors = [];
  for (let run = 0; run <= runs; run++) {
    const page = await openFields(context);
    const inFlight = requestsInFlight(page);
    const painted = page.evaluate(
      'window.__bench.paintedWhen(() => window.__bench.showsRows(5000))',
    ) as Promise<number>;
    const sent = page.waitForRequest(
      (request) =>
        request.url().endsWith(apiPaths.search) &&
        (JSON.parse(request.postData() ?? '{}') as { limit?: number }).limit === 5000,
    );
    const cpuBefore = await rendererCpuMs(browser);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('5000');
    const paintedAt = await painted;
    const cpuAfter = await rendererCpuMs(browser);
    const changeAt = (await page.evaluate('window.__bench.changeAt')) as number;
    const body = (await sent).postData()!;
    await untilIdle(page, inFlight);
    const floor = (await page.evaluate(
      `window.__bench.fetchAndParse(${JSON.stringify(apiPaths.search)}, ${JSON.stringify(body)}, ${JSON.stringify(TOKEN_HEADER)}, ${JSON.stringify(tokenStorageKey)})`,
    )) as { toHeaders: number; total: number };
    // The first run warms the server's and the browser's code paths; it is not counted.
    if (run > 0) {
      times.push(paintedAt - changeAt);
      cpuTimes.push(Math.round(cpuAfter - cpuBefore));
      floors.push(floor);
    }
    await page.close();
  }
  await context.close();
  return {
    choiceToRowsMs: spread(times),
    rendererCpuMs: spread(cpuTimes),
    fetchAndParseMs: spread(floors.map((floor) => floor.total)),
    fetchToHeadersMs: spread(floors.map((floor) => floor.toHeaders)),
  };
}

export interface ScrollFigures {
  frameMs: Spread;
  mutationsPerFrame: number;
  longTasks: number;
  /** The renderer's CPU time per frame (all its threads), which other work on the machine hardly moves. */
  rendererCpuMsPerFrame: number;
}

async function scroll(page: Page, selector: string, frames: number): Promise<ScrollFigures> {
  const cpuBefore = await rendererCpuMs(page.context().browser()!);
  const result = (await page.evaluate(
    `window.__bench.scrollFrames(document.querySelector(${JSON.stringify(selector)}), ${frames}, 100)`,
  )) as { gaps: number[]; mutations: number; longTasks: number };
  const cpuAfter = await rendererCpuMs(page.context().browser()!);
  return {
    frameMs: spread(result.gaps),
    mutationsPerFrame: Math.round(result.mutations / result.gaps.length),
    longTasks: result.longTasks,
    rendererCpuMsPerFrame: Math.round(((cpuAfter - cpuBefore) / result.gaps.length) * 10) / 10,
  };
}

/** 5,000 rows of the app's table, scrolled 100 px a frame. */
export async function measureTableScroll(
  browser: Browser,
  target: BenchTarget,
  frames: number,
): Promise<ScrollFigures> {
  const context = await signedInContext(browser, target);
  const page = await openFields(context, '?size=5000');
  await page.evaluate('window.__bench.paintedWhen(() => window.__bench.showsRows(5000))');
  await scroll(page, '[data-testid="fields-scroller"]', 30); // warm-up
  await page.evaluate(`document.querySelector('[data-testid="fields-scroller"]').scrollTop = 0`);
  const figures = await scroll(page, '[data-testid="fields-scroller"]', frames);
  await context.close();
  return figures;
}

/**
 * The same browser scrolling a plain HTML table of 5,000 rows and 10 text columns,
 * in a box the size of the app's: what the app's table is measured against.
 */
export async function measurePlainTableScroll(
  browser: Browser,
  frames: number,
): Promise<ScrollFigures> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: pageProbe });
  const page = await context.newPage();
  const row = (index: number) =>
    `<tr>${Array.from({ length: 10 }, (_, column) => `<td>Field ${index} · ${column}</td>`).join('')}</tr>`;
  await page.setContent(`<!doctype html><html><body style="margin:0">
    <div id="scroller" style="height:560px;overflow:auto;font:14px sans-serif">
    <table style="width:100%;border-collapse:collapse">
    <thead><tr>${Array.from({ length: 10 }, (_, column) => `<th>Column ${column}</th>`).join('')}</tr></thead>
    <tbody>${Array.from({ length: 5000 }, (_, index) => row(index)).join('')}</tbody></table></div></body></html>`);
  await scroll(page, '#scroller', 30);
  await page.evaluate(`document.querySelector('#scroller').scrollTop = 0`);
  const figures = await scroll(page, '#scroller', frames);
  await context.close();
  return figures;
}

export interface BulkFigures {
  fields: number;
  lockPerSecond: number;
  unlockPerSecond: number;
  /** Frames in which the counts did not add up to the total, or what was settled went back. */
  inexactSamples: number;
  progressSamples: number;
  failed: number;
  /** Each failed lock request's answer ("429 too many requests…") or network error, with how many had it. */
  failures: Array<{ reason: string; count: number }>;
  /**
   * CPU time per field of each pass (lock, unlock): Chromium's processes together and
   * the service's. Unlike fields/s, other work on the machine hardly moves it.
   */
  cpuMsPerField: { lock: PassCpu; unlock: PassCpu };
}

interface PassCpu {
  chromium: number;
  service: number;
}

/** CPU time so far of Chromium and of the service (0 when its process is not known). */
async function cpuNow(browser: Browser, target: BenchTarget): Promise<PassCpu> {
  return {
    chromium: await chromiumCpuMs(browser),
    service: target.servicePid === undefined ? 0 : cpuMilliseconds(target.servicePid),
  };
}

/**
 * Every animation frame while a bulk run shows its counts (change-set-summary.ts,
 * `progressCounts`): Changed, Skipped, Failed, Not confirmed and Remaining must always
 * add up to the run's total, and what is settled must never go back.
 */
const watchProgress = String.raw`
  new Promise((resolve) => {
    const count = (label) => {
      const title = [...document.querySelectorAll('[role="dialog"] p')].find((p) => p.textContent === label);
      return title ? Number(title.nextElementSibling.textContent.replace(/[^0-9]/g, '')) : null;
    };
    let samples = 0, inexact = 0, lastSettled = 0;
    const frame = () => {
      const changed = count('Changed'), skipped = count('Skipped'), failed = count('Failed');
      // Shown only when there are some, and Remaining only while the set runs.
      const unknown = count('Not confirmed') ?? 0, remaining = count('Remaining') ?? 0;
      if (changed !== null && skipped !== null && failed !== null) {
        samples += 1;
        const settled = changed + skipped + failed + unknown;
        if (settled + remaining !== TOTAL || settled < lastSettled) inexact += 1;
        lastSettled = settled;
        if (remaining === 0 && / changed/.test(document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? '')) {
          resolve({ samples, inexact, failed });
          return;
        }
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`;

async function bulkRun(page: Page, locked: boolean, total: number, cpu: () => Promise<PassCpu>) {
  const bar = page.getByRole('group', { name: 'Selected fields' });
  await bar
    .getByRole('button', { name: locked ? 'Lock selected' : 'Unlock selected', exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: locked ? 'Lock' : 'Unlock', exact: true });
  // The dry run says how many will change: "649 fields will change, 0 fields skipped."
  const planned = dialog.getByRole('status').filter({ hasText: 'will change' });
  await planned.waitFor({ timeout: 120_000 });
  const said = (await planned.textContent()) ?? '';
  const changing = Number(/^([\d,]+) fields? will change/.exec(said)?.[1]?.replaceAll(',', ''));
  if (changing !== total) throw new Error(`expected to change ${total}, the dry run says: ${said}`);
  const watched = page.evaluate(watchProgress.replace('TOTAL', String(total))) as Promise<{
    samples: number;
    inexact: number;
    failed: number;
  }>;
  const cpuBefore = await cpu();
  const startedAt = performance.now();
  await confirm.click();
  const progress = await watched;
  const seconds = (performance.now() - startedAt) / 1000;
  const cpuAfter = await cpu();
  const perField = (ms: number) => Math.round((ms / total) * 100) / 100;
  const cpuMsPerField = {
    chromium: perField(cpuAfter.chromium - cpuBefore.chromium),
    service: perField(cpuAfter.service - cpuBefore.service),
  };
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
  return { perSecond: total / seconds, cpuMsPerField, ...progress };
}

/**
 * Selects every field matching a name (all unlocked beforehand), locks them with the
 * app's bulk lock (a change set of the journal) and unlocks them again, timing each
 * from the click that confirms its dry run to the summary. The store is left as it was.
 */
export async function measureBulkLock(
  browser: Browser,
  target: BenchTarget,
  fragment: { text: string; hits: number },
): Promise<BulkFigures> {
  const context = await signedInContext(browser, target);
  const page = await openFields(context, `?q=${encodeURIComponent(fragment.text)}`);
  const reasons = recordLockFailures(page);
  // As a person does: the page's box first, then the offer to take every match.
  await page.getByRole('checkbox', { name: 'Select all fields on this page' }).check();
  const bar = page.getByRole('group', { name: 'Selected fields' });
  await bar.getByRole('button', { name: /^Select all .* matching$/ }).click();
  await bar.getByText(/^All .* matching are selected\.$/).waitFor({ timeout: 120_000 });
  const cpu = () => cpuNow(browser, target);
  const lock = await bulkRun(page, true, fragment.hits, cpu);
  const unlock = await bulkRun(page, false, fragment.hits, cpu);
  await context.close();
  return {
    fields: fragment.hits,
    lockPerSecond: Math.round(lock.perSecond),
    unlockPerSecond: Math.round(unlock.perSecond),
    inexactSamples: lock.inexact + unlock.inexact,
    progressSamples: lock.samples + unlock.samples,
    failed: lock.failed + unlock.failed,
    failures: [...reasons].map(([reason, count]) => ({ reason, count })),
    cpuMsPerField: { lock: lock.cpuMsPerField, unlock: unlock.cpuMsPerField },
  };
}

/** Why the requests that start or follow a lock failed: the status and the server's message, or the network's error. */
function recordLockFailures(page: Page): Map<string, number> {
  const reasons = new Map<string, number>();
  const count = (reason: string) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  const isLock = (url: string) => new URL(url).pathname.startsWith(JOURNAL_BASE);
  page.on('response', (response) => {
    const request = response.request();
    if (!isLock(request.url()) || response.ok()) return;
    void response
      .text()
      .catch(() => '')
      .then((body) => count(`${response.status()} ${body.slice(0, 200)}`));
  });
  page.on('requestfailed', (request) => {
    if (isLock(request.url())) count(`no answer: ${request.failure()?.errorText ?? 'unknown'}`);
  });
  return reasons;
}
