import type { Browser, Page } from '@playwright/test';
import type { BenchTarget } from './browser-measures';
import { signedInContext } from './browser-measures';
import type { Spread } from './percentiles';
import { spread } from './percentiles';
import { rendererCpuMs } from './renderer-cpu';

/**
 * The audit page fully drawn, checked in the page each frame: every small plot
 * of the trend (one a ranked finding) has its path through the scans, the live numbers and the ranked
 * list are shown (no skeleton left), the finding cards are there, and the problems
 * by owner and data source.
 */
export const everythingDrawn = String.raw`() => {
  const lines = [...document.querySelectorAll('[data-trend-chart] path[data-series]')];
  const text = document.querySelector('main')?.textContent ?? '';
  return lines.length > 0
    && lines.every((path) => (path.getAttribute('d') ?? '').split('L').length >= 2)
    && document.querySelector('[aria-label="Loading the numbers"]') === null
    && text.includes('Fields in total')
    && document.querySelector('table[aria-label="Fix these first"]') !== null
    && document.querySelectorAll('table[aria-label$=" by group"]').length > 0
    && text.includes('By data source');
}`;

/** The audit page's headline numbers shown: what an admin opens it for first. */
export const headlineNumbersDrawn = String.raw`() =>
  document.querySelector('[aria-label="Loading the numbers"]') === null
  && (document.querySelector('main')?.textContent ?? '').includes('Fields in total')`;

export interface AuditPageFigures {
  /** Navigation start to the first frame painted with everything drawn, cold cache. */
  drawnMs: Spread;
  /** The renderer's CPU time over the same span: what the load costs, whatever else runs. */
  rendererCpuMs: Spread;
  /** Everything the page transferred by then (compressed, headers included), first run. */
  transferredKb: number;
  assetsKb: number;
  answersKb: number;
  requests: number;
}

async function coldLoad(browser: Browser, target: BenchTarget, drawn: string) {
  const context = await signedInContext(browser, target);
  const page = await context.newPage();
  const cpuBefore = await rendererCpuMs(browser);
  await page.goto('/audit');
  const drawnAt = (await page.evaluate(`window.__bench.paintedWhen(${drawn}, 60000)`)) as number;
  const cpuMs = (await rendererCpuMs(browser)) - cpuBefore;
  const transfer = (await page.evaluate(`(() => {
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .filter((entry) => entry.startTime <= ${drawnAt});
    const isAnswer = (entry) => new URL(entry.name).pathname.startsWith('/api/');
    const sum = (list) => list.reduce((total, entry) => total + entry.transferSize, 0);
    return {
      total: sum(entries),
      answers: sum(entries.filter(isAnswer)),
      requests: entries.length,
    };
  })()`)) as { total: number; answers: number; requests: number };
  await context.close();
  return { drawnAt, cpuMs, transfer };
}

/**
 * Cold loads of /audit, each in a new context, until `drawn` (everything, unless told);
 * the first warms the server and is not counted.
 */
export async function measureAuditPage(
  browser: Browser,
  target: BenchTarget,
  runs: number,
  drawn = everythingDrawn,
): Promise<AuditPageFigures> {
  await coldLoad(browser, target, drawn);
  const loads = [];
  for (let run = 0; run < runs; run++) loads.push(await coldLoad(browser, target, drawn));
  const kb = (bytes: number) => Math.round(bytes / 100) / 10;
  const first = loads[0]!.transfer;
  return {
    drawnMs: spread(loads.map((load) => load.drawnAt)),
    rendererCpuMs: spread(loads.map((load) => load.cpuMs)),
    transferredKb: kb(first.total),
    assetsKb: kb(first.total - first.answers),
    answersKb: kb(first.answers),
    requests: first.requests,
  };
}

export interface AuditRefreshFigures {
  /** A lock in the table, then the Audit link: the click to every Locked number showing it. */
  lockThenAuditMs: number;
  /** The page open, a lock by another client through this server: the lock to the numbers showing it. */
  otherClientLockMs: number;
  /** What the findings' freshness line says when the page opens. */
  freshnessLine: string;
}

/**
 * The page's "Locked" number (At a glance) shows what is expected. The scan's own
 * Locked count is no longer shown (the page leads with the findings to fix).
 */
const lockedShows = (locked: number) => String.raw`() => {
  const section = (title) => [...document.querySelectorAll('section[aria-labelledby]')]
    .find((element) => document.getElementById(element.getAttribute('aria-labelledby'))?.textContent === title);
  const shows = (title, count) => [...(section(title)?.querySelectorAll('a') ?? [])].some((card) =>
    [...card.querySelectorAll('span')].some((span) => span.textContent === 'Locked')
    && card.textContent.startsWith(count.toLocaleString('en-US') + ' '));
  return shows('At a glance', ${locked});
}`;

async function paintedWhen(page: Page, check: string): Promise<number> {
  return (await page.evaluate(`window.__bench.paintedWhen(${check}, 60000)`)) as number;
}

/**
 * Whether the audit page follows changes by itself at this scale: a field locked
 * with the table's switch, then the Audit link (no Refresh pressed); then, with
 * the page open, a field locked by another client through this server.
 */
export async function measureAuditRefresh(
  browser: Browser,
  target: BenchTarget,
  options: { lockedBefore: number; lockElsewhere: () => Promise<void> },
): Promise<AuditRefreshFigures> {
  const context = await signedInContext(browser, target);
  const page = await context.newPage();
  await page.goto('/fields');
  const unlockedRow = page
    .locator('table[aria-label="Calculated fields"] tbody tr[aria-rowindex]')
    .filter({ has: page.getByRole('switch', { checked: false }) })
    .first();
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'PUT' && response.ok()),
    unlockedRow.getByRole('switch').click({ force: true }),
  ]);
  const clickedAt = (await page.evaluate('performance.now()')) as number;
  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  const shownAt = await paintedWhen(page, lockedShows(options.lockedBefore + 1));
  const freshnessLine =
    (await page
      .getByText(/^From the scan finished/)
      .first()
      .textContent()) ?? '';

  const lockedAt = (await page.evaluate('performance.now()')) as number;
  await options.lockElsewhere();
  const otherShownAt = await paintedWhen(page, lockedShows(options.lockedBefore + 2));
  await context.close();
  return {
    lockThenAuditMs: Math.round(shownAt - clickedAt),
    otherClientLockMs: Math.round(otherShownAt - lockedAt),
    freshnessLine: freshnessLine.replace(/\s+/g, ' ').trim(),
  };
}
