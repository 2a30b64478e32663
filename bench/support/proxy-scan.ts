// Proxy mode: the first full scan of an instance behind 30-80 ms of latency, and
// an incremental scan after 1% of its fields changed, at several scan
// concurrencies. Each run starts at the table's first search (which starts the
// list copy and the first scan, docs/proxy.md), so it reports the time to exact
// paging too. The instance double, the proxy and its audit share this one process;
// the double answers after a timer, so the reading is bound by latency, not CPU.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Scan } from '../../src/contract/audit';
import type { UpstreamRequest } from '../../src/service/test-support/production-like-upstream';
import type { ExactPagingFigures } from './exact-paging';
import { untilPagingExact, writeExactPagingReport } from './exact-paging';
import type { ProxyOverInstance } from './proxy-over-instance';
import { demoInstance, INSTANCE_TOKEN, startProxyOverInstance } from './proxy-over-instance';

const CHANGED_SHARE = 0.01;
const tmp = 'bench/tmp';

/** One scan, as the instance saw it. */
export interface ProxyScanFigures {
  /** Started to complete, as the scan records it. */
  ms: number;
  /** Started to the first field read sent: the listing and recording it. */
  listingMs: number;
  /** First field read received to last answered. */
  readingMs: number;
  /** Last field read answered to complete: names, findings, completing. */
  finishingMs: number;
  /** Requests the scan counted (every try), and how many were tries again. */
  requests: number;
  retries: number;
  /** Of them: GET template, and search pages of its own listing. */
  fieldReads: number;
  listingPages: number;
  /** Other requests to the instance meanwhile (the list copy's listing, names). */
  otherRequests: number;
  /** Fields listed, and read because new or changed. */
  listed: number;
  read: number;
  /** The field reads' time in flight, added up: what the scan waited for the instance. */
  waitingMs: number;
  /** waitingMs over concurrency x readingMs: how full the reading kept its slots. */
  slotsBusy: number;
}

export interface ProxyScanRun {
  concurrency: number;
  exactPaging: Omit<ExactPagingFigures, 'fields' | 'latencyMs'>;
  /** From the first search to the first scan complete. */
  firstSearchToScannedMs: number;
  full: ProxyScanFigures;
  changed: number;
  incremental: ProxyScanFigures;
}

export interface ProxyScanReport {
  fields: number;
  latencyMs: [number, number];
  runs: ProxyScanRun[];
}

const isFieldRead = (request: UpstreamRequest) =>
  request.method === 'GET' && request.url.includes('/functions/template/');

/** What the instance saw of one scan, from the requests it received while the scan ran. */
function figuresOf(scan: Scan, requests: readonly UpstreamRequest[], concurrency: number) {
  const during = requests.filter(
    (request) => request.receivedAt >= scan.started && request.receivedAt <= scan.finished!,
  );
  const reads = during.filter(isFieldRead);
  const firstRead = reads[0]?.receivedAt ?? scan.finished!;
  const lastAnswer = Math.max(firstRead, ...reads.map((request) => request.answeredAt ?? 0));
  const waitingMs = reads.reduce(
    (sum, request) => sum + (request.answeredAt ?? request.receivedAt) - request.receivedAt,
    0,
  );
  const readingMs = lastAnswer - firstRead;
  const listingPages = scan.progress.requests - reads.length;
  return {
    ms: scan.finished! - scan.started,
    listingMs: firstRead - scan.started,
    readingMs,
    finishingMs: scan.finished! - lastAnswer,
    requests: scan.progress.requests,
    retries: scan.progress.retries,
    fieldReads: reads.length,
    listingPages,
    otherRequests: during.length - reads.length - listingPages,
    listed: scan.progress.listed,
    read: scan.progress.read,
    waitingMs,
    slotsBusy:
      readingMs === 0 ? 0 : Math.round((waitingMs / (concurrency * readingMs)) * 100) / 100,
  } satisfies ProxyScanFigures;
}

async function completed(proxy: ProxyOverInstance): Promise<Scan> {
  await proxy.audit.service.scansSettled();
  const scan = proxy.audit.service.latestScan();
  if (!scan || scan.finished === undefined) throw new Error('the scan did not complete');
  return scan;
}

/** Every `1 / share`-th field of the instance changes its lock, as another client would. */
function changeOnInstance(stores: ReturnType<typeof demoInstance>['stores'], share: number) {
  const step = Math.round(1 / share);
  let changed = 0;
  for (let offset = 0; ; offset += 5000) {
    const page = stores.fields.search({
      filters: [],
      sort: { field: 'created', ascending: true },
      limit: 5000,
      offset,
      name: '',
    });
    page.results.forEach((json, index) => {
      if ((offset + index) % step !== 0) return;
      const field = JSON.parse(json) as { id: number; locked: boolean };
      stores.fields.setLocked(field.id, !field.locked, Date.now());
      changed += 1;
    });
    if (!page.hasMore) return changed;
  }
}

export async function measureProxyScans(
  fields: number,
  concurrencies: readonly number[],
  latencyMs: [number, number] = [30, 80],
  log: (line: string) => void = console.log,
): Promise<ProxyScanReport> {
  const dir = `${tmp}/proxy-scan-${fields}`;
  const instance = demoInstance(dir, fields, log);
  const runs: ProxyScanRun[] = [];
  try {
    for (const concurrency of concurrencies) {
      log(`scan concurrency ${concurrency}`);
      const proxy = await startProxyOverInstance({
        stores: instance.stores,
        auditFile: `${dir}/audit-${concurrency}.sqlite`,
        latencyMs,
        scanConcurrency: concurrency,
      });
      try {
        const firstSearch = Date.now();
        const exactPaging = await untilPagingExact(proxy, log);
        const first = await completed(proxy);
        const full = figuresOf(first, proxy.upstream.requests, concurrency);
        log(`full scan: ${full.ms} ms, ${full.requests} requests, slots busy ${full.slotsBusy}`);
        const changed = changeOnInstance(instance.stores, CHANGED_SHARE);
        proxy.audit.service.startScan(INSTANCE_TOKEN);
        const second = await completed(proxy);
        const incremental = figuresOf(second, proxy.upstream.requests, concurrency);
        log(`incremental scan: ${incremental.ms} ms, ${incremental.requests} requests`);
        runs.push({
          concurrency,
          exactPaging,
          firstSearchToScannedMs: first.finished! - firstSearch,
          full,
          changed,
          incremental,
        });
      } finally {
        await proxy.close();
      }
    }
  } finally {
    instance.close();
  }
  return { fields, latencyMs, runs };
}

const ms = (value: number) => `${value.toLocaleString('en-US')} ms`;
const minutes = (value: number) => `${(value / 60_000).toFixed(1)} min`;

function scanRows(
  label: string,
  runs: ProxyScanRun[],
  pick: (run: ProxyScanRun) => ProxyScanFigures,
) {
  return runs.map((run) => {
    const scan = pick(run);
    return `| ${run.concurrency} | ${label} | ${minutes(scan.ms)} | ${ms(scan.listingMs)} | ${ms(scan.readingMs)} | ${ms(scan.finishingMs)} | ${scan.requests.toLocaleString('en-US')} | ${scan.listingPages} | ${scan.fieldReads.toLocaleString('en-US')} (${scan.read.toLocaleString('en-US')} changed or new) | ${scan.retries} | ${scan.otherRequests} | ${minutes(scan.waitingMs)} | ${scan.slotsBusy} |`;
  });
}

/** bench/results/proxy-scan.md and .json, and exact-paging.md from the default concurrency's run. */
export function writeProxyScanReport(
  report: ProxyScanReport,
  environment: string,
  defaultConcurrency: number,
): void {
  writeFileSync('bench/results/proxy-scan.json', `${JSON.stringify(report, null, 2)}\n`);
  const [low, high] = report.latencyMs;
  const lines = [
    "# The proxy's scans of an instance (proxy mode)",
    '',
    `${report.fields.toLocaleString('en-US')} demo fields behind a production-like instance (ties shuffled on every call, ${low}-${high} ms a request, reading from its store only the page asked for), the proxy and its audit in one process with the instance (${environment}). For each scan concurrency (\`--scan-concurrency\`), a new audit file: the table's first search starts the list copy and the first scan; then ${Math.round(CHANGED_SHARE * 100)}% of the fields change their lock on the instance (another client's change, unseen by the proxy) and a scan is asked for. Written by \`npm run bench:audit\` (\`-- proxy-scan\` runs this part alone; \`BENCH_FIELDS\` and \`BENCH_SCAN_CONCURRENCIES=4,8,16\` set the size).`,
    '',
    "Time to exact paging, and to the first scan complete, from the first search; the first scan's reading time against the default concurrency's:",
    '',
    '| concurrency | first search to paging exact | first search to first scan complete | reading, vs the default | requests a second while reading | fields shown twice in six pages of 50 by name |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.runs.map((run) => {
      const base = report.runs.find((other) => other.concurrency === defaultConcurrency);
      const share = base ? (run.full.readingMs / base.full.readingMs).toFixed(2) : '';
      const perSecond = Math.round(run.full.fieldReads / (run.full.readingMs / 1000));
      return `| ${run.concurrency} | ${ms(run.exactPaging.timeToExactPagingMs)} | ${minutes(run.firstSearchToScannedMs)} | ${share} | ${perSecond} | ${run.exactPaging.repeatedInSixPages} |`;
    }),
    '',
    "Each scan, with the requests it counted (`requests`: every try; the listing pages and field reads among them) and what else reached the instance while it ran (`other`: the token's check, names and owners). Listing is from the scan's start to its first field read (the listing, and recording it); reading from the first field read sent to the last answered; finishing from then to complete (names, findings, completing). Waiting is the field reads' time in flight, as the instance saw it, added up; slots busy is waiting over concurrency x reading (1.0: a read in flight in every slot all the time; the rest is this side's time between an answer and the next request).",
    '',
    '| concurrency | scan | time | listing | reading | finishing | requests | listing pages | field reads | retries | other | waiting | slots busy |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...scanRows('first, full', report.runs, (run) => run.full),
    ...scanRows(
      `after ${report.runs[0]?.changed.toLocaleString('en-US')} changed`,
      report.runs,
      (run) => run.incremental,
    ),
    '',
    // Written by hand from the runs: kept beside the figures of each run.
    readFileSync('bench/support/proxy-scan-notes.md', 'utf8').trim(),
  ];
  writeFileSync('bench/results/proxy-scan.md', lines.join('\n'));
  const atDefault = report.runs.find((run) => run.concurrency === defaultConcurrency);
  if (atDefault)
    writeExactPagingReport(
      { fields: report.fields, latencyMs: report.latencyMs, ...atDefault.exactPaging },
      environment,
    );
}
