// npx tsx bench/first-rows-timeline.ts: cold loads of /fields and of the React + Mantine
// floor in turn, with every request's resource timing and React's commits, printed as
// each load's path to its first rows and a table of medians per file, app against floor.
// BENCH_LOADS (default 7) loads of each; BENCH_NO_BUILD=1 serves the build in dist;
// BENCH_JSON=file keeps every load's figures. The browser benchmark's store, token and
// probe (bench/browser.ts); its store must exist.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { apiPaths } from '../src/contract/paths';
import { defaultTableView } from '../src/links/table-address';
import { toSearchRequest } from '../src/links/table-search';
import { signedInContext } from './support/browser-measures';
import { launchChromium } from './support/chromium';
import { peerPath, writeFirstRowsPeers } from './support/first-rows-peers';
import { percentile } from './support/percentiles';
import { buildAppAndService } from './support/processes';
import {
  BENCH_TOKEN,
  browserStoreFile,
  startBrowserBenchService,
} from './support/browser-bench-service';

const FIELDS = 100_000;
const LOADS = Number(process.env.BENCH_LOADS ?? 7);
const TOKEN = BENCH_TOKEN;
const storeFile = browserStoreFile(FIELDS);

/** React's commits, through the hook React's developer tools use, from the page's first script on. */
const commitRecorder = String.raw`
(() => {
  const commits = [];
  window.__commits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; },
    onCommitFiberRoot() { commits.push(performance.now()); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();
`;

interface Request {
  /** The path, without the build's hash. */
  name: string;
  asked: number;
  sent: number;
  firstByte: number;
  done: number;
  transferred: number;
  decoded: number;
}

interface Load {
  firstRowsAt: number;
  domContentLoaded: number;
  requests: Request[];
  commits: number[];
}

async function load(browser: Browser, url: string, path: string): Promise<Load> {
  const context = await signedInContext(browser, { url, token: TOKEN, fields: FIELDS, shown: 0 });
  await context.addInitScript({ content: commitRecorder });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForSelector('table[aria-label="Calculated fields"] tbody tr[aria-rowindex]');
  // Polled with evaluate: waitForFunction's predicate would be refused by the page's policy.
  while ((await page.evaluate('window.__bench.firstRowsAt')) === null)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const figures = (await page.evaluate(`(() => {
    const withoutHash = (name) =>
      name.replace(location.origin, '').replace(/-[\\w-]{8}(\\.\\w+)$/, '$1').split('?')[0];
    return {
      firstRowsAt: window.__bench.firstRowsAt,
      domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventStart,
      requests: performance.getEntriesByType('resource').map((entry) => ({
        name: withoutHash(entry.name),
        asked: entry.startTime,
        sent: entry.requestStart,
        firstByte: entry.responseStart,
        done: entry.responseEnd,
        transferred: entry.transferSize,
        decoded: entry.decodedBodySize,
      })),
      commits: window.__commits,
    };
  })()`)) as Load;
  await context.close();
  return figures;
}

const round = (value: number) => Math.round(value);
const median = (values: number[]) => Math.round(percentile(values, 50) * 10) / 10;

/** One load's path to its first rows: its files, its first search and what was open when it was asked. */
function path(load: Load) {
  const files = load.requests.filter(
    (request) => /\.(js|css)$/.test(request.name) && request.done <= load.firstRowsAt,
  );
  const search = load.requests.find((request) => request.name === apiPaths.search)!;
  const open = load.requests.filter(
    (request) => request !== search && request.asked <= search.asked && request.done > search.asked,
  );
  return [
    `${files.length} files in by ${round(Math.max(...files.map((file) => file.done)))}`,
    `DOMContentLoaded ${round(load.domContentLoaded)}`,
    `search asked ${round(search.asked)} with ${open.length} open, sent ${round(search.sent)}, in ${round(search.done)}`,
    `commits ${load.commits.slice(0, 4).map(round).join(', ')}`,
    `first rows ${round(load.firstRowsAt)}`,
  ].join('; ');
}

function summary(label: string, loads: Load[]) {
  const lines = [`## ${label}: first rows ${median(loads.map((each) => each.firstRowsAt))} ms`];
  for (const each of loads) lines.push(`- ${path(each)}`);
  lines.push('', '| file | asked | sent | first byte | in | kB sent | kB decoded |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const before = loads.flatMap((each) =>
    each.requests.filter((request) => request.done <= each.firstRowsAt),
  );
  const names = [...new Set(before.map((request) => request.name))];
  const rows = names.map((name) => {
    const of = (pick: (request: Request) => number) =>
      median(before.filter((request) => request.name === name).map(pick));
    const kb = (bytes: number) => (bytes / 1000).toFixed(1);
    return {
      asked: of((request) => request.asked),
      line: `| ${name} | ${of((r) => r.asked)} | ${of((r) => r.sent)} | ${of((r) => r.firstByte)} | ${of((r) => r.done)} | ${kb(of((r) => r.transferred))} | ${kb(of((r) => r.decoded))} |`,
    };
  });
  for (const row of rows.sort((a, b) => a.asked - b.asked)) lines.push(row.line);
  return lines.join('\n');
}

async function main() {
  if (!existsSync(storeFile)) throw new Error(`${storeFile} is missing: run bench:browser once`);
  if (!process.env.BENCH_NO_BUILD) buildAppAndService();
  const peers = await writeFirstRowsPeers('dist', toSearchRequest(defaultTableView));
  const service = await startBrowserBenchService(FIELDS, process.env.BENCH_PORT ?? '0');
  const browser = await launchChromium();
  try {
    // The server's first answers and first reads of each file are not counted.
    await load(browser, service.url, '/fields');
    await load(browser, service.url, peerPath('mantine'));
    const app: Load[] = [];
    const floor: Load[] = [];
    for (let run = 0; run < LOADS; run++) {
      app.push(await load(browser, service.url, '/fields'));
      floor.push(await load(browser, service.url, peerPath('mantine')));
    }
    console.log(summary('/fields', app));
    console.log(summary('the React + Mantine floor', floor));
    const ratios = app.map((each, run) => each.firstRowsAt / floor[run]!.firstRowsAt);
    console.log(`\nfirst rows / floor, median of each pair: ${median(ratios)}`);
    if (process.env.BENCH_JSON)
      writeFileSync(process.env.BENCH_JSON, JSON.stringify({ app, floor }));
  } finally {
    await browser.close();
    await service.stop();
    rmSync(peers, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
