// The scan-loop part of npm run bench:audit (`npm run bench:audit -- scan-loop`): how long
// the audit holds the event loop while scans run back to back at BENCH_FIELDS fields.
// After a first full scan, SCANS scans that find nothing changed run one after another
// while a probe every 20 ms notes how late it runs: the wait any request (/healthz)
// would have had. Before that, 50-row searches run back to back for a while with no scan,
// then during the first full scan: their rate and p99 (the wait for the loop included).
// Written to bench/results/audit-scan-loop.json and .md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import type { FieldStore } from '../../src/service/store/field-store';
import { openBenchAudit } from './bench-audit';
import { cpus } from 'node:os';
import { percentile } from './percentiles';

const SCANS = 3;
const PROBE_MS = 20;
const SEARCH_MS = 8000;

/** 50-row name-sorted searches one after another, each after a turn of the loop, until `until` resolves. */
async function searchLoad(store: FieldStore, until: Promise<unknown>) {
  let done = false;
  void until.then(() => (done = true));
  const latencies: number[] = [];
  const started = performance.now();
  for (let offset = 0; !done; offset = (offset + 50) % 5000) {
    const asked = performance.now();
    await setImmediate();
    store.search({ filters: [], sort: { field: 'name', ascending: true }, limit: 50, offset });
    latencies.push(performance.now() - asked);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    perSecond: Math.round(latencies.length / seconds),
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

export async function measureScanLoop(fields: number, label: string): Promise<void> {
  const { stores, audit } = openBenchAudit(fields, 'audit-loop');
  const { service } = audit;
  const scan = async () => {
    const started = service.startScan(undefined);
    await service.scansSettled();
    return service.scan(started.id)!;
  };
  // The store's index is read or built at its first search, before anything is timed.
  stores.fields.search({ filters: [], sort: { field: 'name', ascending: true }, limit: 50 });
  const idleSearch = await searchLoad(
    stores.fields,
    new Promise((resolve) => setTimeout(resolve, SEARCH_MS)),
  );
  const first = service.startScan(undefined);
  const settled = service.scansSettled();
  // The first scan's first SEARCH_MS (or all of it, when shorter).
  const scanSearch = await searchLoad(
    stores.fields,
    Promise.race([settled, new Promise((resolve) => setTimeout(resolve, SEARCH_MS))]),
  );
  await settled;
  const firstScan = service.scan(first.id)!;
  // The audit page's first visit: the view's findings and summary exist before the loop.
  service.view()!.summary();

  const lateness: number[] = [];
  let expected = performance.now() + PROBE_MS;
  const probe = setInterval(() => {
    const now = performance.now();
    lateness.push(Math.max(0, now - expected));
    expected = now + PROBE_MS;
  }, PROBE_MS);
  const started = performance.now();
  const scans = [];
  for (let round = 0; round < SCANS; round++) {
    const done = await scan();
    scans.push({ ms: (done.finished ?? 0) - done.started, state: done.state });
  }
  const loopMs = performance.now() - started;
  clearInterval(probe);
  await audit.close();
  stores.close();

  const round = (value: number) => Math.round(value);
  const measured = {
    fields,
    cpus: cpus().length,
    node: process.version,
    date: new Date().toISOString(),
    firstScanMs: (firstScan.finished ?? 0) - firstScan.started,
    search: { withoutScan: idleSearch, duringFirstScan: scanSearch },
    scans,
    loopMs: round(loopMs),
    probes: lateness.length,
    lateMs: {
      p50: round(percentile(lateness, 50)),
      p99: round(percentile(lateness, 99)),
      max: round(Math.max(...lateness)),
    },
    over50Ms: lateness.filter((value) => value > 50).length,
    heldOver50MsMs: round(lateness.filter((value) => value > 50).reduce((a, b) => a + b, 0)),
  };
  mkdirSync('bench/results', { recursive: true });
  const jsonFile = 'bench/results/audit-scan-loop.json';
  const all = existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, typeof measured>)
    : {};
  all[label] = measured;
  writeFileSync(jsonFile, `${JSON.stringify(all, null, 2)}\n`);
  const row = (name: string, entry: typeof measured) =>
    `| ${name} | ${entry.scans.map((scan) => `${scan.ms} ms`).join(', ')} | ${entry.lateMs.p50} ms | ${entry.lateMs.p99} ms | ${entry.lateMs.max} ms | ${entry.over50Ms} of ${entry.probes} (${entry.heldOver50MsMs} ms) |`;
  const searchRow = ([name, entry]: [string, typeof measured]) =>
    entry.search &&
    `| ${name} | ${entry.search.withoutScan.perSecond}/s, p99 ${entry.search.withoutScan.p99Ms} ms | ${entry.search.duringFirstScan.perSecond}/s, p99 ${entry.search.duringFirstScan.p99Ms} ms | ${Math.round((100 * entry.search.duringFirstScan.perSecond) / entry.search.withoutScan.perSecond)}% |`;
  writeFileSync(
    'bench/results/audit-scan-loop.md',
    [
      '# The event loop during a loop of scans',
      '',
      `\`npm run bench:audit -- scan-loop\` (bench/support/audit-scan-loop.ts), ${fields} fields,`,
      `${SCANS} scans that find nothing changed, back to back, after a first full scan. A probe`,
      `every ${PROBE_MS} ms notes how late it runs: the wait a request such as /healthz would have had.`,
      'Taken on a shared 2-core machine under other work (load 10 to 17): compare within the file.',
      '',
      '| code | scans | lateness p50 | p99 | max | probes later than 50 ms |',
      '| --- | --- | --- | --- | --- | --- |',
      ...Object.entries(all).map(([name, entry]) => row(name, entry)),
      '',
      `50-row name-sorted searches back to back, each after a turn of the loop, for ${SEARCH_MS / 1000} s`,
      'with no scan, then during the first full scan (the p99 counts the wait for the loop).',
      '',
      '| code | without a scan | during the first scan | rate kept |',
      '| --- | --- | --- | --- |',
      ...Object.entries(all).flatMap((entry) => searchRow(entry) || []),
      '',
    ].join('\n'),
  );
  console.log(JSON.stringify(measured, null, 2));
}
