import { readFileSync, writeFileSync } from 'node:fs';
import type {
  BulkFigures,
  LoadingFigures,
  PageSizeFigures,
  ScrollFigures,
  TypingFigures,
} from './browser-measures';
import type { AuditPageFigures } from './audit-page-measures';
import type { EntrySize } from './entry-size';
import type { Spread } from './percentiles';

export interface BrowserBench {
  date: string;
  machine: string;
  fields: number;
  entry: EntrySize;
  loading: LoadingFigures;
  typing: TypingFigures;
  typedFragments: number;
  /** The same words typed again right after a full audit scan was started. */
  typingDuringScan: TypingFigures & { scanRanThroughout: boolean };
  /** Cold loads of /audit until its headline numbers are drawn. */
  auditHeadline: AuditPageFigures;
  pageSize: PageSizeFigures;
  tableScroll: ScrollFigures;
  plainScroll: ScrollFigures;
  bulk: BulkFigures;
}

export const browserLimits = {
  entryKb: 150,
  firstRowsMs: 400,
  keyToRowsMs: 100,
  choiceToRowsMs: 150,
  frameMs: 20,
  bulkPerSecond: 200,
  /** Issue 40: first rows and the audit page's numbers, each within this many times the Mantine floor. */
  timesMantineFloor: 1.3,
  keyToRowsDuringScanMs: 150,
};

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const ms = (value: number) => `${value} ms`;
const spreadText = (figures: Spread) =>
  `p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)} (${figures.samples} samples)`;
/** How many times its floor the app takes, from the two p50s. */
const timesFloor = (app: Spread, floor: Spread) => `app/floor ${(app.p50 / floor.p50).toFixed(2)}`;
/** Whether the limit is one the browser could meet here at all, drawing next to nothing. */
const belowFloor = (limit: number, floor: Spread) =>
  floor.p50 > limit ? `, the limit below it` : '';

/** The first rows' floors in the same run: the peer pages' p50 and p95, set against the app's. */
function firstRowsFloors({ loading }: BrowserBench): string {
  const { react, mantine } = loading.peerFirstRowsMs;
  const limit = browserLimits.firstRowsMs;
  return `  - Floors in the same run: a bare React page sending the same search, p50 ${ms(react.p50)}, p95 ${ms(react.p95)} (${timesFloor(loading.firstRowsMs, react)}${belowFloor(limit, react)}); with Mantine's provider, shell and table, p50 ${ms(mantine.p50)}, p95 ${ms(mantine.p95)} (${timesFloor(loading.firstRowsMs, mantine)}${belowFloor(limit, mantine)})`;
}

/** The 5,000 rows' floor in the same run: fetching and parsing the same answer, drawing nothing. */
function pageSizeFloor({ pageSize }: BrowserBench): string {
  const floor = pageSize.fetchAndParseMs;
  return `  - Floor in the same run: \`fetch()\` and \`response.json()\` of the same 5,000-row search, drawing nothing, p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)} (${timesFloor(pageSize.choiceToRowsMs, floor)}${belowFloor(browserLimits.choiceToRowsMs, floor)})`;
}

/** Typing's floors in the same run: the plain typing page and fetch-and-parse alone, by p95 as the limit is. */
function typingFloors({
  keyToRowsMs: app,
  floorKeyToRowsMs: floor,
  fetchAndParseMs,
}: TypingFigures) {
  const ratio = (of: Spread) => (app.p95 / of.p95).toFixed(2);
  return `  - Floors in the same run: the same words typed into a plain page that sends each key's search and draws a plain table, p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)} (app/floor p95 ${ratio(floor)}); \`fetch()\` and \`response.json()\` of each word's search alone, p50 ${ms(fetchAndParseMs.p50)}, p95 ${ms(fetchAndParseMs.p95)} (app/floor p95 ${ratio(fetchAndParseMs)})`;
}

/** The ratios: each page against the React + Mantine floor of the same run. */
function floorRatios({ loading, auditHeadline }: BrowserBench): string[] {
  const floor = loading.peerFirstRowsMs.mantine;
  const limit = browserLimits.timesMantineFloor;
  const ratio = (app: Spread) => app.p50 / floor.p50;
  const line = (what: string, app: Spread) =>
    `- ${what} / React with Mantine's first rows, same run: p50 ${ms(app.p50)} / ${ms(floor.p50)} = ${ratio(app).toFixed(2)} (limit ${limit}): ${verdict(ratio(app) <= limit)}`;
  return [
    line('First rows', loading.firstRowsMs),
    line("The audit page's headline numbers", auditHeadline.drawnMs),
  ];
}

function checks(bench: BrowserBench): string[] {
  const limits = browserLimits;
  const duringScan = bench.typingDuringScan;
  const scrollLimit = Math.max(limits.frameMs, bench.plainScroll.frameMs.p95);
  return [
    `- Entry JavaScript: ${bench.entry.brotliKb} kB brotli, ${bench.entry.gzipKb} kB gzip (limit ${limits.entryKb} kB compressed, the larger counted): ${verdict(Math.max(bench.entry.brotliKb, bench.entry.gzipKb) <= limits.entryKb)}`,
    `- First rows, cold, loopback: p50 ${ms(bench.loading.firstRowsMs.p50)} (limit ${ms(limits.firstRowsMs)}): ${verdict(bench.loading.firstRowsMs.p50 <= limits.firstRowsMs)}`,
    firstRowsFloors(bench),
    ...floorRatios(bench),
    `- Typing, last key to matching rows: p95 ${ms(bench.typing.keyToRowsMs.p95)} (limit under ${ms(limits.keyToRowsMs)}): ${verdict(bench.typing.keyToRowsMs.p95 < limits.keyToRowsMs)}`,
    typingFloors(bench.typing),
    `- Typing while a full audit scan runs${duringScan.scanRanThroughout ? '' : ' (the scan ended before the last word)'}: p95 ${ms(duringScan.keyToRowsMs.p95)} (limit under ${ms(limits.keyToRowsDuringScanMs)}): ${verdict(duringScan.keyToRowsMs.p95 < limits.keyToRowsDuringScanMs)}`,
    typingFloors(duringScan),
    `- 5,000 rows, choosing the size to rows painted: p50 ${ms(bench.pageSize.choiceToRowsMs.p50)} (limit ${ms(limits.choiceToRowsMs)}): ${verdict(bench.pageSize.choiceToRowsMs.p50 <= limits.choiceToRowsMs)}`,
    pageSizeFloor(bench),
    `- Scrolling 5,000 rows: p95 frame ${ms(bench.tableScroll.frameMs.p95)}, a plain table ${ms(bench.plainScroll.frameMs.p95)} in the same run, ratio ${(bench.tableScroll.frameMs.p95 / bench.plainScroll.frameMs.p95).toFixed(2)} (limit ${ms(scrollLimit)}: ${limits.frameMs} ms, or the plain table's p95 if higher): ${verdict(bench.tableScroll.frameMs.p95 <= scrollLimit)}`,
    `- Bulk lock of ${bench.bulk.fields.toLocaleString('en')} fields: ${bench.bulk.lockPerSecond} fields/s locking, ${bench.bulk.unlockPerSecond} fields/s unlocking (limit ${limits.bulkPerSecond} fields/s each): ${verdict(Math.min(bench.bulk.lockPerSecond, bench.bulk.unlockPerSecond) >= limits.bulkPerSecond)}`,
    `- Bulk progress exact: ${bench.bulk.inexactSamples} of ${bench.bulk.progressSamples} frames where Changed + Skipped + Failed + Not confirmed + Remaining was not the total or what was settled went back; ${bench.bulk.failed} failed: ${verdict(bench.bulk.inexactSamples === 0 && bench.bulk.failed === 0)}`,
  ];
}

function measurements(bench: BrowserBench): string[] {
  const { loading, typing, typingDuringScan, auditHeadline, pageSize, tableScroll, plainScroll } =
    bench;
  return [
    '| what | figures |',
    '|---|---|',
    `| first rows, cold, loopback | ${spreadText(loading.firstRowsMs)} |`,
    `| first rows, cold, loopback: a bare React page (floor) | ${spreadText(loading.peerFirstRowsMs.react)}; ${timesFloor(loading.firstRowsMs, loading.peerFirstRowsMs.react)} |`,
    `| first rows, cold, loopback: React with Mantine (floor) | ${spreadText(loading.peerFirstRowsMs.mantine)}; ${timesFloor(loading.firstRowsMs, loading.peerFirstRowsMs.mantine)} |`,
    `| first rows, cold, 10 Mbit/s and 20 ms latency | ${spreadText(loading.firstRowsSlowMs)} |`,
    `| JavaScript for /fields before its first row | ${loading.scriptTransferredKb} kB transferred in ${loading.scriptFiles} files, ${loading.scriptDecodedKb} kB decoded (${loading.laterScriptTransferredKb} kB more after it, by the time it was read); CSS ${loading.styleTransferredKb} kB transferred |`,
    `| entry files | ${bench.entry.files.join(', ')} (${bench.entry.rawKb} kB raw) |`,
    `| typing, last key to matching rows | ${spreadText(typing.keyToRowsMs)}; ${typing.searchesSent} searches sent, ${typing.searchesCancelled} cancelled by a newer one |`,
    `| typing, the plain typing page (floor) | ${spreadText(typing.floorKeyToRowsMs)}; fetch and parse alone ${spreadText(typing.fetchAndParseMs)} |`,
    `| typing while a full audit scan runs | ${spreadText(typingDuringScan.keyToRowsMs)}; ${typingDuringScan.searchesSent} searches sent |`,
    `| typing while a scan runs, the plain typing page (floor) | ${spreadText(typingDuringScan.floorKeyToRowsMs)}; fetch and parse alone ${spreadText(typingDuringScan.fetchAndParseMs)} |`,
    `| /audit, cold, loopback, to its headline numbers | ${spreadText(auditHeadline.drawnMs)}; renderer CPU ${spreadText(auditHeadline.rendererCpuMs)}; ${auditHeadline.requests} requests, ${auditHeadline.assetsKb} kB of files and ${auditHeadline.answersKb} kB of answers transferred by then |`,
    `| choosing 5,000 rows to rows painted | ${spreadText(pageSize.choiceToRowsMs)}; renderer CPU ${spreadText(pageSize.rendererCpuMs)} |`,
    `| the same 5,000-row search, \`fetch()\` and \`response.json()\` alone (floor) | ${spreadText(pageSize.fetchAndParseMs)}, of which to the headers p50 ${ms(pageSize.fetchToHeadersMs.p50)}; ${timesFloor(pageSize.choiceToRowsMs, pageSize.fetchAndParseMs)} |`,
    `| scrolling the app's 5,000 rows | frame ${spreadText(tableScroll.frameMs)}; renderer CPU ${ms(tableScroll.rendererCpuMsPerFrame)} per frame; ${tableScroll.mutationsPerFrame} DOM mutations per frame; ${tableScroll.longTasks} long tasks |`,
    `| scrolling a plain 5,000-row table | frame ${spreadText(plainScroll.frameMs)}; renderer CPU ${ms(plainScroll.rendererCpuMsPerFrame)} per frame; ${plainScroll.mutationsPerFrame} DOM mutations per frame; ${plainScroll.longTasks} long tasks |`,
    `| bulk lock, CPU per field (lock / unlock) | Chromium ${bench.bulk.cpuMsPerField.lock.chromium} / ${bench.bulk.cpuMsPerField.unlock.chromium} ms, service ${bench.bulk.cpuMsPerField.lock.service} / ${bench.bulk.cpuMsPerField.unlock.service} ms |`,
    `| failed lock requests | ${bench.bulk.failures.map(({ reason, count }) => `${count} × ${reason.replaceAll('|', '/')}`).join('; ') || 'none'} |`,
  ];
}

const method = (bench: BrowserBench) => `## Method
- The service is the built one (\`npm start\` without a build check) on a demo store of ${bench.fields.toLocaleString('en')} fields, the app its production build, Chromium headless with the project's usual flags, a 1280 × 800 window. The benchmark and the browser share the machine with the service.
- A new store's first audit scan starts with the service and keeps a core busy for tens of seconds: the benchmark waits for it to finish before measuring.
- Times come from the page's own clock. "Painted" is the end of the first animation frame whose DOM shows the state: in that frame's callback a task is queued, which runs after the frame is painted.
- **First rows**: a new browser context (empty cache) per load, signed in, opening /fields; from navigation start to the first row painted. One load before the measured ones warms the service. The slow variant holds the network to 10 Mbit/s and 20 ms with Chromium's network emulation.
- **First rows' floors**: two peer pages (\`bench/peers/\`), built for production with esbuild when the benchmark starts and served by the service from its web root beside the app (same origin, same static server, brotli like the app's files; no request is intercepted). The bare React page loads React and ReactDOM alone (one script), sends the app's first search (the default view's, with the token from sessionStorage in the same header) as soon as its script runs, and draws the 50 rows as a plain 10-column table; the Mantine page adds MantineProvider with Mantine's styles, an AppShell and a Mantine Table with a Checkbox, a Switch and a Badge in each row. Each is measured exactly as the app is: a new context per load, the same probe, ${bench.loading.firstRowsMs.samples} loads after one not counted, each app load followed by one of each peer. Neither asks for the app's config or draws anything of the app's page but the rows, so they are floors, not targets. Their files are written under \`/bench-peers/\` before the service starts and removed after the run.
- **Typing**: ${bench.typedFragments} four-letter substrings of real names (fixed seed), typed at 100 ms per key into an empty search box on /fields (50 rows); from the last key's event to the frame that shows that search's count, not busy, with the first row's name containing the substring.
- **Typing's floors**: each word, right after the app's, typed the same way into a plain page on the same origin (\`bench/peers/plain-typing.ts\`, no framework: a search box whose every key sends the same search, aborting the one before, and draws the answer's count and rows as a plain 10-column table) and timed by the same probe; and, on the app's page once it has no request on its way, the word's last search sent again by \`fetch()\` and read with \`response.json()\`, drawing nothing. The ratios are of the p95s, as the limit is.
- **Typing while a scan runs**: the same words typed the same way, with the same floors, right after a full audit scan was started through the API (the scan runs on the audit's worker thread; the service answers the worker's reads of the store on its request thread).
- **The audit page**: a new context per load, opening /audit, ${bench.auditHeadline.drawnMs.samples} loads after one not counted; from navigation start to the frame where the "At a glance" numbers are shown (no skeleton left). Set against the Mantine floor's first rows of the same run: that page loads React and Mantine, asks for one answer and draws it, as the audit page must at the least.
- **5,000 rows**: on a fresh /fields page, choosing 5,000 in "Rows per page"; from the change event to the frame with all 5,000 rows in the table (\`aria-rowcount\`) and not busy. The first choice warms the server and is not counted. Its floor: once the rows are painted and the page has no request on its way, the same page sends the very body the app sent for those rows, with the same headers, by \`fetch()\` and reads it with \`response.json()\`, drawing nothing; timed from the call to the parsed answer, the same number of times.
- **Scrolling**: the table's box scrolled 100 px every animation frame for 300 frames after a warm-up; the time between frames, and the DOM mutations inside the box. The plain table is 5,000 rows of 10 text cells in a box of the same height, scrolled the same way in the same browser; its p95 is the limit when it is above 20 ms (a machine that cannot scroll a plain table at 20 ms cannot hold the app to it).
- **Bulk lock**: after a scan the service runs and the run waits for (as a running server has made one at its start or on its schedule, and then holds the audit's findings and moves them with each lock), every field matching a three-letter substring (500 to 1,500 fields; any locked beforehand are unlocked first and locked again after) selected with "Select all matching", locked and then unlocked through the dialog; from the confirming click to the summary. Each frame of the run reads the dialog's Done, Failed and Remaining counts.
`;

/** The report as markdown. */
export function browserReportMarkdown(bench: BrowserBench): string {
  return [
    '# Browser benchmark',
    '',
    `${bench.date} · ${bench.machine} · ${bench.fields.toLocaleString('en')} calculated fields`,
    '',
    '## Limits',
    ...checks(bench),
    '',
    '## Measurements',
    ...measurements(bench),
    '',
    method(bench),
    '',
    // Written by hand from profiles of the run (why the figures are what they are).
    readFileSync('bench/support/browser-where-the-time-goes.md', 'utf8').trim(),
    '',
  ].join('\n');
}

/** Writes browser.md and browser.json under bench/results and answers the markdown. */
export function writeBrowserReport(bench: BrowserBench): string {
  const markdown = browserReportMarkdown(bench);
  writeFileSync('bench/results/browser.md', markdown);
  writeFileSync('bench/results/browser.json', `${JSON.stringify(bench, null, 2)}\n`);
  return markdown;
}
