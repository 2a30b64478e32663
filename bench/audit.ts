// npm run bench:audit: a full scan and the findings at 100,000 fields, then an
// incremental scan after 1% of the fields changed; times, memory and the bytes the
// audit page transfers; then the audit page in Chromium (every chart drawn, bytes
// transferred, and whether it follows a lock without Refresh), each figure beside
// its limit. Written to bench/results/audit.md and audit.json. Then, in proxy mode,
// the time from the first search to exact paging and the proxy's scans behind
// latency (bench/results/exact-paging.md, proxy-scan.md).
// `npm run bench:audit -- lock` runs only the lock's part (bench/support/audit-lock.ts),
// `-- scan-loop` only the event loop during scans (bench/support/audit-scan-loop.ts),
// `-- scan-search` only the 50-row searches without, during and after a full scan at
// 100,000 and 1,000,000 fields (bench/support/audit-scan-search.ts),
// `-- memory` only resident memory and time of full and incremental scans, their phases
// and their findings, at 100,000 and 1,000,000 fields (bench/support/audit-memory.ts),
// `-- incremental [runs]` only the incremental scan after 1% changed, phase by phase with
// each phase's CPU, in one process on copies of the store and of an audit file
// (BENCH_FIELDS, default 1,000,000; bench/support/audit-incremental-scan.ts),
// `-- remap-preview` only the workflows' remap preview (bench/remap-preview.ts),
// `-- exact-paging` only the time to exact paging (bench/support/exact-paging.ts),
// `-- proxy-scan` only the proxy's scans behind latency, with the time to exact
// paging at each scan concurrency (bench/support/proxy-scan.ts),
// `-- proxy-findings` only how long the thread that answers requests is busy when a
// request needs the findings of a changed copy in proxy mode (bench/support/proxy-findings.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { AuditStatus, Scan } from '../src/contract/audit';
import { AUDIT_BASE } from '../src/contract/audit';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import type { SearchResponse } from '../src/contract/search';
import { openStore } from '../src/service/store/open-store';
import type { AuditPageFigures, AuditRefreshFigures } from './support/audit-page-measures';
import { measureAuditPage, measureAuditRefresh } from './support/audit-page-measures';
import type { AuditLoadProfile } from './support/audit-page-profile';
import {
  mainThreadMedians,
  profileAuditLoad,
  rendererByScript,
  waterfall,
} from './support/audit-page-profile';
import { launchChromium } from './support/chromium';
import { measureExactPaging, writeExactPagingReport } from './support/exact-paging';
import { measureProxyScans, writeProxyScanReport } from './support/proxy-scan';
import { DEFAULT_SCAN_CONCURRENCY } from '../src/service/audit/open-audit';
import type { RunningServer } from './support/processes';
import { buildAppAndService, residentMegabytes, startServer } from './support/processes';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const CHANGED_SHARE = 0.01;
/** The limits for the audit page once a scan exists. */
const DRAWN_LIMIT_MS = 1000;
const TRANSFER_LIMIT_KB = 1024;
const PAGE_RUNS = 5;
const PROFILED_RUNS = 3;
const TOKEN = 'bench-token-0123456789';
const tmp = 'bench/tmp';
const storeFile = `${tmp}/audit-${FIELDS}.sqlite`;
const auditFile = `${tmp}/audit-${FIELDS}.audit.sqlite`;

function log(line: string) {
  console.log(`[bench:audit] ${line}`);
}

async function call(server: RunningServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      [TOKEN_HEADER]: TOKEN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return { text, bytes: Buffer.byteLength(text) };
}

const getJson = async <T>(server: RunningServer, path: string) =>
  JSON.parse((await call(server, 'GET', path)).text) as T;

/** Waits for the scan to end, sampling the server's memory meanwhile. */
async function awaitScan(server: RunningServer, id: number, memory: number[]): Promise<Scan> {
  for (;;) {
    memory.push(residentMegabytes(server.child.pid!));
    const { scan } = await getJson<{ scan: Scan }>(server, `${AUDIT_BASE}/scans/${id}`);
    if (scan.state !== 'running') {
      if (scan.state !== 'complete')
        throw new Error(`scan ${id} ended ${scan.state}: ${scan.message}`);
      return scan;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every `step`-th field id, in id order: the fields the bench changes. */
async function everyNthId(server: RunningServer, step: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = JSON.parse(
      (
        await call(server, 'POST', apiPaths.search, {
          filters: [],
          sort: { field: 'id', ascending: true },
          limit: 5000,
          offset,
        })
      ).text,
    ) as SearchResponse;
    page.results.forEach((field, index) => {
      if ((offset + index) % step === 0) ids.push(field.id);
    });
    if (!page.hasMore) return ids;
  }
}

/** What the audit page asks for when it opens, and how many bytes each answer is. */
async function pageTransfer(server: RunningServer) {
  const paths = [
    apiPaths.statistics,
    `${AUDIT_BASE}/status`,
    `${AUDIT_BASE}/findings`,
    `${AUDIT_BASE}/scans`,
    `${AUDIT_BASE}/trend`,
  ];
  const sizes = await Promise.all(
    paths.map(async (path) => (await call(server, 'GET', path)).bytes),
  );
  return paths.map((path, index) => ({ path, bytes: sizes[index]! }));
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

/** The audit page in Chromium once two scans exist (so the trend chart draws). */
async function measureInBrowser(server: RunningServer) {
  const target = { url: server.url, token: TOKEN, fields: FIELDS, shown: FIELDS };
  const lockedNow = async () =>
    (
      JSON.parse((await call(server, 'GET', apiPaths.statistics)).text) as {
        locked: number;
      }
    ).locked;
  const browser = await launchChromium();
  try {
    log(`the audit page, ${PAGE_RUNS} cold loads...`);
    const auditPage = await measureAuditPage(browser, target, PAGE_RUNS);
    log(`every chart drawn p50 ${auditPage.drawnMs.p50} ms, ${auditPage.transferredKb} KB`);
    log(`${PROFILED_RUNS} more loads with Chromium's profiler, for where the time goes...`);
    const profiled: AuditLoadProfile[] = [];
    for (let run = 0; run < PROFILED_RUNS; run++)
      profiled.push(await profileAuditLoad(browser, target));
    const lockedBefore = await lockedNow();
    const [other] = (
      JSON.parse(
        (
          await call(server, 'POST', apiPaths.search, {
            filters: [{ field: 'notlocked' }],
            sort: { field: 'id', ascending: false },
            limit: 1,
          })
        ).text,
      ) as SearchResponse
    ).results;
    if (!other) throw new Error('no unlocked field is left to lock');
    log('a lock in the table, then the audit page...');
    const refresh = await measureAuditRefresh(browser, target, {
      lockedBefore,
      lockElsewhere: async () => {
        await call(server, 'PUT', apiPaths.template(other.id), { locked: true });
      },
    });
    log(`shown after ${refresh.lockThenAuditMs} ms, and ${refresh.otherClientLockMs} ms`);
    return { auditPage, refresh, whereTheTimeGoes: whereTheTimeGoes(profiled) };
  } finally {
    await browser.close();
  }
}

async function main() {
  mkdirSync(tmp, { recursive: true });
  rmSync(storeFile, { force: true });
  rmSync(auditFile, { force: true });
  log('building the web app and the server');
  buildAppAndService();
  log(`creating a demo instance of ${FIELDS} fields`);
  const server = await startServer('dist-server/main.mjs', [
    'start',
    '--no-build',
    '--port',
    '0',
    '--data',
    storeFile,
    '--audit-data',
    auditFile,
    '--demo-fields',
    String(FIELDS),
    '--demo-token',
    TOKEN,
  ]);
  try {
    // The first scan starts with the server; it is the full scan measured.
    const memoryFull: number[] = [];
    let first: Scan | undefined;
    while (!first) {
      const status = await getJson<AuditStatus>(server, `${AUDIT_BASE}/status`);
      first = status.runningScan ?? status.latestScan;
    }
    const full = await awaitScan(server, first.id, memoryFull);
    log(`full scan: ${full.finished! - full.started} ms, ${full.fields} fields`);

    const findings = await timed(() => call(server, 'GET', `${AUDIT_BASE}/findings`));
    const findingsAgain = await timed(() => call(server, 'GET', `${AUDIT_BASE}/findings`));
    const afterFindingsMb = residentMegabytes(server.child.pid!);
    log(`findings: ${findings.ms} ms, then ${findingsAgain.ms} ms from memory`);
    const transfer = await pageTransfer(server);

    const ids = await everyNthId(server, Math.round(1 / CHANGED_SHARE));
    // Changed by another writer of the store, as another client of an instance would:
    // a change through this server reaches the audit at once and leaves nothing to read.
    log(`locking ${ids.length} fields from another process`);
    const stores = openStore(storeFile);
    try {
      for (const id of ids) stores.fields.setLocked(id, true, Date.now());
    } finally {
      stores.close();
    }

    const memoryIncremental: number[] = [];
    const started = JSON.parse((await call(server, 'POST', `${AUDIT_BASE}/scans`, {})).text) as {
      scan: Scan;
    };
    const incremental = await awaitScan(server, started.scan.id, memoryIncremental);
    log(
      `incremental scan: ${incremental.finished! - incremental.started} ms, read ${incremental.progress.read} fields`,
    );
    const findingsAfter = await timed(() => call(server, 'GET', `${AUDIT_BASE}/findings`));
    const status = await getJson<AuditStatus>(server, `${AUDIT_BASE}/status`);
    const browserFigures = await measureInBrowser(server);

    const results = {
      fields: FIELDS,
      cpus: cpus().length,
      node: process.version,
      fullScan: {
        ms: full.finished! - full.started,
        fields: full.fields,
        read: full.progress.read,
        peakMb: Math.max(...memoryFull),
      },
      findings: {
        firstMs: findings.ms,
        againMs: findingsAgain.ms,
        bytes: findings.value.bytes,
        residentMb: afterFindingsMb,
      },
      incrementalScan: {
        changed: ids.length,
        ms: incremental.finished! - incremental.started,
        read: incremental.progress.read,
        peakMb: Math.max(...memoryIncremental),
        findingsMs: findingsAfter.ms,
      },
      pageTransfer: transfer,
      pageTransferBytes: transfer.reduce((sum, entry) => sum + entry.bytes, 0),
      diskBytes: status.diskBytes,
      ...browserFigures,
      loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
    };
    writeReport(results);
  } finally {
    await server.stop();
  }
}

/** The profiled loads in words: the requests' waterfall, the main thread's time, the busiest scripts. */
function whereTheTimeGoes(loads: AuditLoadProfile[]): string[] {
  const medians = mainThreadMedians(loads);
  return [
    `### Where the time goes (${loads.length} more cold loads with Chromium's sampling profiler on)`,
    '',
    `Median: every chart drawn at ${medians.drawnMs} ms (the profiler slows the page a little); renderer CPU ${medians.rendererCpuMs} ms; the main thread busy ${medians.taskMs} ms, of which script ${medians.scriptMs} ms, layout ${medians.layoutMs} ms, style ${medians.styleMs} ms; ${medians.apiRequests} API requests before drawn.`,
    '',
    'Requests until drawn, median ms since navigation (waiting: sent to first byte, the server and one round trip):',
    '',
    '| request | sent | waiting | answered |',
    '| --- | ---: | ---: | ---: |',
    ...waterfall(loads),
    '',
    "The renderer's self time by script, a load (`(program)` is the browser's own work: parsing and compiling scripts, style, layout):",
    '',
    '```',
    ...rendererByScript(loads),
    '```',
    '',
  ];
}

function auditPageLines(page: AuditPageFigures, refresh: AuditRefreshFigures): string[] {
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  return [
    '## The audit page in Chromium',
    '',
    `After both scans, ${page.drawnMs.samples} cold loads of \`/audit\` (a new browser context each, empty cache, 1280×800, after one load not counted), each timed from navigation start to the first frame painted with every chart drawn: every small plot of the trend chart, the live numbers and the scan's numbers (no skeleton left), the finding cards with their groups, and the problems by owner and data source. Bytes are the page's own count (\`transferSize\` of the navigation and every resource until then: compressed, headers included).`,
    '',
    '| measure | figure | limit | |',
    '| --- | ---: | ---: | --- |',
    `| navigation to every chart drawn, p50 | ${page.drawnMs.p50} ms | ${DRAWN_LIMIT_MS} ms | ${met(page.drawnMs.p50 <= DRAWN_LIMIT_MS)} |`,
    `| the same, slowest of ${page.drawnMs.samples} | ${page.drawnMs.max} ms | | |`,
    `| renderer CPU until drawn, p50 (slowest) | ${page.rendererCpuMs.p50} ms (${page.rendererCpuMs.max} ms) | | |`,
    `| transferred until drawn | ${page.transferredKb} KB (${page.requests} requests) | ${TRANSFER_LIMIT_KB} KB | ${met(page.transferredKb <= TRANSFER_LIMIT_KB)} |`,
    `| of which the API's answers | ${page.answersKb} KB | | |`,
    `| of which the app (HTML, scripts, styles, fonts) | ${page.assetsKb} KB | | |`,
    '',
    'Following changes without Refresh, on the same server:',
    '',
    `- A field locked with the table's switch, then the Audit link: both Locked numbers (live and the scan's) showed the lock ${refresh.lockThenAuditMs} ms after the click.`,
    `- With the audit page open, a field locked by another client through this server: both numbers showed it ${refresh.otherClientLockMs} ms later, with nothing pressed (the page asks the audit's status every 10 s).`,
    `- The findings' freshness line then read: “${refresh.freshnessLine}”`,
    '',
  ];
}

function writeReport(results: {
  fields: number;
  cpus: number;
  node: string;
  fullScan: { ms: number; fields: number; read: number; peakMb: number };
  findings: { firstMs: number; againMs: number; bytes: number; residentMb: number };
  incrementalScan: {
    changed: number;
    ms: number;
    read: number;
    peakMb: number;
    findingsMs: number;
  };
  pageTransfer: Array<{ path: string; bytes: number }>;
  pageTransferBytes: number;
  diskBytes: number;
  auditPage: AuditPageFigures;
  refresh: AuditRefreshFigures;
  whereTheTimeGoes: string[];
  loadAverage: number[];
}) {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/audit.json', `${JSON.stringify(results, null, 2)}\n`);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const { fullScan, findings, incrementalScan } = results;
  const lines = [
    '# Audit benchmark',
    '',
    `${results.fields.toLocaleString('en-US')} demo fields, embedded mode, the built server (\`npm start\`), ${results.cpus} CPUs (load average ${results.loadAverage.join(', ')} at the end), Node ${results.node}. Written by \`npm run bench:audit\`.`,
    '',
    '| step | time | memory (server RSS) | notes |',
    '| --- | ---: | ---: | --- |',
    `| full scan | ${fullScan.ms} ms | ${fullScan.peakMb} MB peak | ${fullScan.fields.toLocaleString('en-US')} fields in the snapshot, ${fullScan.read.toLocaleString('en-US')} read |`,
    `| findings, first ask | ${findings.firstMs} ms | ${findings.residentMb} MB after | answer ${kb(findings.bytes)} |`,
    `| findings, asked again | ${findings.againMs} ms | | kept until something changes |`,
    `| incremental scan after ${incrementalScan.changed.toLocaleString('en-US')} fields (1%) changed | ${incrementalScan.ms} ms | ${incrementalScan.peakMb} MB peak | read ${incrementalScan.read.toLocaleString('en-US')} fields |`,
    `| findings after it | ${incrementalScan.findingsMs} ms | | |`,
    '',
    `The audit page's answers when it opens: ${kb(results.pageTransferBytes)} in all, uncompressed.`,
    '',
    '| request | bytes |',
    '| --- | ---: |',
    ...results.pageTransfer.map(
      (entry) => `| GET ${entry.path} | ${entry.bytes.toLocaleString('en-US')} |`,
    ),
    '',
    `Audit file on disk after both scans: ${(results.diskBytes / 1024 / 1024).toFixed(1)} MB.`,
    '',
    ...auditPageLines(results.auditPage, results.refresh),
    ...results.whereTheTimeGoes,
    '',
    // Written by hand from earlier runs and profiles: kept beside the figures of each run.
    readFileSync('bench/support/audit-where-the-time-goes.md', 'utf8').trim(),
    '',
  ];
  writeFileSync('bench/results/audit.md', lines.join('\n'));
  log('wrote bench/results/audit.md and audit.json');
}

/** The machine, as the reports state it. */
const environment = () =>
  `commit ${execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim()}, ${cpus().length} CPUs, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')} at the end, Node ${process.version}`;

async function exactPagingPart() {
  const figures = await measureExactPaging(FIELDS, [30, 80], log);
  writeExactPagingReport(figures, environment());
  log('wrote bench/results/exact-paging.md and exact-paging.json');
}

/** The default and two higher concurrencies, unless BENCH_SCAN_CONCURRENCIES says otherwise. */
const SCAN_CONCURRENCIES = (
  process.env.BENCH_SCAN_CONCURRENCIES ?? `${DEFAULT_SCAN_CONCURRENCY},8,16`
)
  .split(',')
  .map(Number);

async function proxyScanPart() {
  const report = await measureProxyScans(FIELDS, SCAN_CONCURRENCIES, [30, 80], log);
  writeProxyScanReport(report, environment(), DEFAULT_SCAN_CONCURRENCY);
  log('wrote bench/results/proxy-scan.md and .json, and exact-paging.md and .json');
}

if (process.argv[2] === 'lock') {
  const { measureLock } = await import('./support/audit-lock');
  await measureLock(FIELDS, process.env.BENCH_LABEL ?? 'latest');
} else if (process.argv[2] === 'scan-loop') {
  const { measureScanLoop } = await import('./support/audit-scan-loop');
  await measureScanLoop(FIELDS, process.env.BENCH_LABEL ?? 'latest');
} else if (process.argv[2] === 'scan-search') {
  const { measureScanSearch } = await import('./support/audit-scan-search');
  await measureScanSearch(process.env.BENCH_LABEL ?? 'latest');
} else if (process.argv[2] === 'memory') {
  const { measureAuditMemory } = await import('./support/audit-memory');
  measureAuditMemory(process.env.BENCH_FIELDS === undefined ? undefined : FIELDS);
} else if (process.argv[2] === 'memory-store') {
  const { makeBenchAuditStore } = await import('./support/bench-audit');
  makeBenchAuditStore(Number(process.argv[3]));
} else if (process.argv[2] === 'memory-at') {
  const { measureAuditMemoryAt } = await import('./support/audit-memory');
  await measureAuditMemoryAt(Number(process.argv[3]), process.env.BENCH_LABEL ?? 'latest');
} else if (process.argv[2] === 'incremental') {
  const { measureIncrementalScan } = await import('./support/audit-incremental-scan');
  await measureIncrementalScan(
    process.env.BENCH_FIELDS === undefined ? 1_000_000 : FIELDS,
    Number(process.argv[3] ?? 1),
  );
} else if (process.argv[2] === 'remap-preview') {
  const { benchRemapPreview } = await import('./remap-preview');
  await benchRemapPreview();
} else if (process.argv[2] === 'exact-paging') {
  await exactPagingPart();
} else if (process.argv[2] === 'proxy-scan') {
  await proxyScanPart();
} else if (process.argv[2] === 'proxy-findings') {
  const { measureProxyFindings } = await import('./support/proxy-findings');
  const figures = await measureProxyFindings(FIELDS, log);
  log(JSON.stringify({ fields: FIELDS, environment: environment(), figures }, null, 2));
} else {
  await main();
  await proxyScanPart();
}
