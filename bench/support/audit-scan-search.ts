// The scan-search part of npm run bench:audit (`npm run bench:audit -- scan-search`): each
// 50-row query of the service benchmark (workload.ts) on the thread that answers requests,
// at each size of BENCH_SCALE (100,000 and 1,000,000 by default), without a scan, while
// the first full scan runs, and after it completed (its findings taken in). Searches run
// back to back in the process that runs the audit, each after a turn of the event loop,
// so their latency counts the wait for the loop. While the scan runs after the searches,
// the share of time the thread is busy with nothing but the scan is measured too.
// With BENCH_PROFILE=1, that part is profiled too, and where the thread's time went is
// printed. Needs the service benchmark's stores (bench-store.ts). Written to
// bench/results/audit-scan-search.json and .md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import type { SearchRequest } from '../../src/contract/search';
import { openEmbeddedAudit } from '../../src/service/audit/open-audit';
import type { FieldStore } from '../../src/service/store/field-store';
import { parseSearchBody } from '../../src/service/server/search-body';
import { openStore } from '../../src/service/store/open-store';
import { benchStore, readBenchInputs } from './bench-store';
import type { HandoverSearches } from './handover-searches';
import { searchesThroughHandover } from './handover-searches';
import { percentile } from './percentiles';
import type { CpuProfile } from './profile-summary';
import { summarizeProfile } from './profile-summary';
import { scenarios } from './workload';

const SCALE = (process.env.BENCH_SCALE ?? '100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const STATES = ['without a scan', 'while the first scan runs', 'after it completed'] as const;
type State = (typeof STATES)[number];

interface Rate {
  perSecond: number;
  p99Ms: number;
  /** Garbage collection's pauses of this thread during the measurement. */
  gcMs?: number;
  /** The scan ended before the measurement did: the figure is not one of a running scan. */
  scanEnded?: boolean;
}

interface SizeFigures {
  fields: number;
  firstScanMs: number;
  /** Share of the scan's time the thread that answers requests was busy, with no searches. */
  requestThreadBusy: { share: number; overMs: number };
  queries: Record<string, Partial<Record<State, Rate>>>;
  /** The queries in turn while an incremental scan hands its findings over; missing in the runs before. */
  handover?: HandoverSearches;
  /** This thread's heap and the process's resident memory after the searches that followed the scan. */
  memoryMb?: { heap: number; resident: number };
  loadAverage: number[];
}

/** The pauses of this thread's garbage collector while `work` runs. */
async function withGcPauses<T>(work: () => Promise<T>): Promise<T & { gcMs: number }> {
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    const value = await work();
    return { ...value, gcMs: Math.round(gcMs) };
  } finally {
    observer.disconnect();
  }
}

/** Searches of one kind back to back, each read as the server reads a body and after a turn of the loop, for `ms`. */
async function searchFor(store: FieldStore, next: () => SearchRequest, ms: number) {
  const latencies: number[] = [];
  const started = performance.now();
  while (performance.now() - started < ms) {
    const asked = performance.now();
    await setImmediate();
    store.search(parseSearchBody(next()));
    latencies.push(performance.now() - asked);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    perSecond: Math.round(latencies.length / seconds),
    p99Ms: Math.round(percentile(latencies, 99) * 100) / 100,
  };
}

/** This thread's CPU profile from now until `stop`. */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(): Promise<CpuProfile> {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile as unknown as CpuProfile;
    },
  };
}

async function measureSize(fields: number): Promise<SizeFigures> {
  const storeFile = benchStore(fields);
  if (!existsSync(storeFile))
    throw new Error(`${storeFile} is missing: npm run bench:service makes it`);
  const auditFile = `bench/tmp/scan-search-${fields}.audit.sqlite`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${auditFile}${suffix}`, { force: true });
  const inputs = readBenchInputs(fields);
  const stores = openStore(storeFile);
  const audit = openEmbeddedAudit({
    file: auditFile,
    storeFile,
    keep: 5,
  });
  const { service } = audit;
  const queries = scenarios(inputs.fragments, inputs.referencedIds, fields).filter((scenario) =>
    scenario.label.startsWith('50 rows'),
  );
  const figures: SizeFigures['queries'] = {};
  const measureAll = async (state: State, scanning?: { ended: boolean }) => {
    for (const query of queries) {
      const rate: Rate = await withGcPauses(() =>
        searchFor(stores.fields, query.ours, SECONDS * 1000),
      );
      if (scanning?.ended) rate.scanEnded = true;
      (figures[query.label] ??= {})[state] = rate;
      console.log(`[scan-search] ${fields} ${query.label}, ${state}: ${JSON.stringify(rate)}`);
    }
  };
  try {
    // The index is read or built at the first search; each query once warms its code.
    for (const query of queries) await searchFor(stores.fields, query.ours, 1000);
    await measureAll('without a scan');

    const scan = service.startScan(undefined);
    const scanning = { ended: false };
    const settled = service.scansSettled().then(() => (scanning.ended = true));
    await measureAll('while the first scan runs', scanning);
    const profiler = process.env.BENCH_PROFILE ? await startProfile() : undefined;
    const quietFrom = performance.eventLoopUtilization();
    const quietStarted = performance.now();
    await settled;
    const busy = performance.eventLoopUtilization(quietFrom);
    const quietMs = performance.now() - quietStarted;
    if (profiler) console.log(summarizeProfile(await profiler.stop()));
    const done = service.scan(scan.id)!;
    if (done.state !== 'complete') throw new Error(`the scan ended ${done.state}: ${done.message}`);
    // The audit page's first visit: the findings' summary exists before the searches.
    service.view()!.summary();
    await measureAll('after it completed');
    const memoryMb = {
      heap: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
      resident: Math.round(process.memoryUsage.rss() / 2 ** 20),
    };
    const handover = await searchesThroughHandover(stores.fields, service, queries, SECONDS * 1000);
    console.log(`[scan-search] ${fields} during the hand-over: ${JSON.stringify(handover)}`);
    return {
      fields,
      firstScanMs: (done.finished ?? 0) - done.started,
      requestThreadBusy: {
        share: Math.round(busy.utilization * 1000) / 1000,
        overMs: Math.round(quietMs),
      },
      queries: figures,
      handover,
      memoryMb,
      loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
    };
  } finally {
    await audit.close();
    stores.close({ saveIndex: false });
  }
}

function codeVersion(): string {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' });
  return dirty.trim() ? `${commit} with changes to src` : commit;
}

const fmt = (rate: Rate | undefined) =>
  rate
    ? `${rate.perSecond}/s, p99 ${rate.p99Ms} ms${rate.gcMs ? `, GC ${rate.gcMs} ms` : ''}${rate.scanEnded ? ' (scan ended)' : ''}`
    : '';

function reportLines(label: string, run: Run): string[] {
  const [small, large] = run.sizes;
  const lines = [
    `### ${label}`,
    '',
    `Code ${run.code}, ${run.date}, ${run.cpus} CPUs, Node ${run.node}, ${run.seconds ?? 4} s a measurement.`,
    '',
    ...run.sizes.map(
      (size) =>
        `- ${size.fields.toLocaleString('en-US')} fields: first full scan ${(size.firstScanMs / 1000).toFixed(1)} s; the request thread was busy ${(size.requestThreadBusy.share * 100).toFixed(1)}% of the ${(size.requestThreadBusy.overMs / 1000).toFixed(1)} s of the scan left after the searches; ${size.memoryMb ? `then ${size.memoryMb.heap} MB of heap on the request thread, ${size.memoryMb.resident} MB resident; ` : ''}load average ${size.loadAverage.join(', ')} after.`,
    ),
    '',
    '| fields | 50-row query | without a scan | while the first scan runs | rate kept | after it completed |',
    '| ---: | --- | --- | --- | ---: | --- |',
  ];
  for (const size of run.sizes) {
    for (const [query, states] of Object.entries(size.queries)) {
      const without = states['without a scan'];
      const during = states['while the first scan runs'];
      const kept =
        without && during ? `${Math.round((100 * during.perSecond) / without.perSecond)}%` : '';
      lines.push(
        `| ${size.fields.toLocaleString('en-US')} | ${query} | ${fmt(without)} | ${fmt(during)} | ${kept} | ${fmt(states['after it completed'])} |`,
      );
    }
  }
  const handovers = run.sizes.filter((size) => size.handover);
  if (handovers.length > 0) {
    lines.push(
      '',
      'The 50-row queries in turn while an incremental scan (1% of the locks flipped) hands its findings over (bench/support/handover-searches.ts), against the same without a scan:',
      '',
      '| fields | hand-over | searches a second, without / during | p99 of each query during (ms) | slowest during |',
      '| ---: | ---: | --- | --- | ---: |',
      ...handovers.map(({ fields, handover }) => {
        const { without, during, handoverMs } = handover!;
        return `| ${fields.toLocaleString('en-US')} | ${handoverMs} ms | ${without.perSecond} / ${during.perSecond} | ${Object.values(during.p99Ms).join(', ')} | ${during.maxMs} ms |`;
      }),
    );
  }
  if (small && large) {
    lines.push(
      '',
      `Cost per search at ${large.fields.toLocaleString('en-US')} fields ÷ at ${small.fields.toLocaleString('en-US')} (the inverse ratio of the rates; target at most 1.5):`,
      '',
      `| 50-row query | ${STATES.join(' | ')} |`,
      `| --- | ${STATES.map(() => '---:').join(' | ')} |`,
    );
    for (const query of Object.keys(small.queries)) {
      const ratio = (state: State) => {
        const from = small.queries[query]?.[state];
        const to = large.queries[query]?.[state];
        return from && to ? (from.perSecond / to.perSecond).toFixed(2) : '';
      };
      lines.push(`| ${query} | ${STATES.map(ratio).join(' | ')} |`);
    }
  }
  lines.push('');
  return lines;
}

interface Run {
  code: string;
  /** BENCH_SECONDS; missing in the runs before it was written down, all of 4 s. */
  seconds?: number;
  date: string;
  cpus: number;
  node: string;
  sizes: SizeFigures[];
}

const jsonFile = 'bench/results/audit-scan-search.json';

function measuredRuns(): Record<string, Run> {
  return existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, Run>)
    : {};
}

/** The report of every run kept in the json, with the notes written by hand beside it. */
export function writeScanSearchReport(): void {
  writeFileSync(
    'bench/results/audit-scan-search.md',
    [
      '# Searches while the audit scans',
      '',
      '`npm run bench:audit -- scan-search` (bench/support/audit-scan-search.ts): each 50-row',
      "query of the service benchmark (bench/support/workload.ts) on the service's stores, in",
      'the process that runs the audit and on the thread that answers requests, back to back,',
      'each after a turn of the event loop (the p99 counts the wait for the loop): without a',
      "scan, while the first full scan of the embedded store runs (on the audit's worker), and",
      'after it completed. Rate kept: while the scan runs ÷ without. The searches skip HTTP, so',
      "the rates are many times the service benchmark's, and any work the scan puts on the",
      'thread weighs more against them.',
      '',
      ...Object.entries(measuredRuns()).flatMap(([name, entry]) => reportLines(name, entry)),
      // Written by hand from the runs above and their profiles.
      readFileSync('bench/support/audit-scan-search-where-the-time-goes.md', 'utf8').trim(),
      '',
    ].join('\n'),
  );
}

export async function measureScanSearch(label: string): Promise<void> {
  mkdirSync('bench/results', { recursive: true });
  const code = codeVersion();
  const sizes: SizeFigures[] = [];
  for (const fields of SCALE) sizes.push(await measureSize(fields));
  const run: Run = {
    code,
    seconds: SECONDS,
    date: new Date().toISOString(),
    cpus: cpus().length,
    node: process.version,
    sizes,
  };
  const all = measuredRuns();
  all[label] = run;
  writeFileSync(jsonFile, `${JSON.stringify(all, null, 2)}\n`);
  writeScanSearchReport();
  console.log(JSON.stringify(run, null, 2));
}
