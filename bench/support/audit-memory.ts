// The memory part of npm run bench:audit (`npm run bench:audit -- memory`): resident
// memory and time of a full embedded scan and its findings at BENCH_FIELDS fields, then
// of an incremental scan after 1% of the fields changed, in one process that holds the
// store's own search index as the server does. Written to bench/results/audit-memory.json
// and .md under BENCH_LABEL, so two versions of the code sit side by side.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { searchRequestValidation } from '../../src/contract/search-validation';
import type { FieldStore } from '../../src/service/store/field-store';
import { openBenchAudit } from './bench-audit';

const CHANGED_SHARE = 0.01;
const PAGE = 5000;
/** The limits on resident memory after a full scan and its findings. */
const LIMIT_MB: Record<number, number> = { 100_000: 500, 1_000_000: 2048 };
const SCAN_LIMIT_MS: Record<number, number> = { 1_000_000: 600_000 };
const INCREMENTAL_LIMIT_MS = 30_000;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const residentMb = () => megabytes(process.memoryUsage.rss());

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Resident memory as found, and after a full garbage collection: the first depends on
 * when the collector last ran, the second is what the process really holds.
 */
function memoryNow() {
  const asFound = residentMb();
  collectGarbage();
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    residentMb: asFound,
    collectedMb: residentMb(),
    heapMb: megabytes(heapUsed),
    externalMb: megabytes(external + arrayBuffers),
  };
}

/** Runs `work`, noting the highest resident memory every 100 ms meanwhile. */
async function withPeak<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; peakMb: number }> {
  let peak = residentMb();
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb())), 100);
  const started = performance.now();
  try {
    const value = await work();
    return {
      value,
      ms: Math.round(performance.now() - started),
      peakMb: Math.max(peak, residentMb()),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Every `step`-th field id, in id order: the fields the part changes. */
function everyNthId(store: FieldStore, step: number): number[] {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = store.search(
      searchRequestValidation.parse({
        filters: [],
        sort: { field: 'id', ascending: true },
        limit: PAGE,
        offset,
      }),
    );
    page.results.forEach((json, index) => {
      if ((offset + index) % step === 0) ids.push((JSON.parse(json) as { id: number }).id);
    });
    if (!page.hasMore) return ids;
  }
}

export async function measureAuditMemory(fields: number, label: string): Promise<void> {
  const { stores, audit } = openBenchAudit(fields, 'audit-memory');
  const { service } = audit;
  // Read first, so the service's own index is in memory as a server holds it.
  const ids = everyNthId(stores.fields, Math.round(1 / CHANGED_SHARE));
  const serviceMb = memoryNow().collectedMb;
  const scan = async () => {
    const started = service.startScan(undefined);
    await service.scansSettled();
    const done = service.scan(started.id)!;
    if (done.state !== 'complete') throw new Error(`scan ${done.id} ended ${done.state}`);
    return done;
  };

  const full = await withPeak(scan);
  // What the audit page asks for once the scan is there: the findings and their summary.
  const findings = await withPeak(async () => service.view()!.summary());
  const afterFindings = memoryNow();

  // Each lock flipped: the store is kept between runs, so a fixed value changes nothing twice.
  const lockedNow = new Set(ids.filter((id) => stores.fields.getField(id)?.locked));
  stores.fields.setLockedMany([...lockedNow], false, Date.now());
  stores.fields.setLockedMany(
    ids.filter((id) => !lockedNow.has(id)),
    true,
    Date.now(),
  );
  const incremental = await withPeak(scan);
  const findingsAfter = await withPeak(async () => service.view()!.summary());
  const afterIncremental = memoryNow();
  await audit.close();
  stores.close();

  const measured = {
    fields,
    cpus: cpus().length,
    node: process.version,
    date: new Date().toISOString(),
    loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
    serviceMb,
    fullScan: { ms: full.ms, peakMb: full.peakMb, read: full.value.progress.read },
    findings: { ms: findings.ms, ...afterFindings },
    incrementalScan: {
      changed: ids.length,
      ms: incremental.ms,
      read: incremental.value.progress.read,
      peakMb: incremental.peakMb,
      findingsMs: findingsAfter.ms,
      ...afterIncremental,
    },
  };
  writeReport(label, measured);
  console.log(JSON.stringify(measured, null, 2));
}

type Measured = {
  fields: number;
  date: string;
  loadAverage: number[];
  serviceMb: number;
  fullScan: { ms: number; peakMb: number; read: number };
  findings: { ms: number } & ReturnType<typeof memoryNow>;
  incrementalScan: {
    changed: number;
    ms: number;
    read: number;
    peakMb: number;
    findingsMs: number;
  } & ReturnType<typeof memoryNow>;
};

function writeReport(label: string, measured: Measured & { cpus: number; node: string }) {
  mkdirSync('bench/results', { recursive: true });
  const jsonFile = 'bench/results/audit-memory.json';
  const all = existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, Measured>)
    : {};
  all[`${label} ${measured.fields}`] = measured;
  writeFileSync(jsonFile, `${JSON.stringify(all, null, 2)}\n`);
  const limit = (value: number, limits: Record<number, number>, fields: number) => {
    const bound = limits[fields];
    return bound === undefined ? '' : value <= bound ? ' (met)' : ' (**missed**)';
  };
  const row = (name: string, entry: Measured) =>
    `| ${name} | ${entry.serviceMb} MB | ${entry.fullScan.ms} ms${limit(entry.fullScan.ms, SCAN_LIMIT_MS, entry.fields)} | ${entry.fullScan.peakMb} MB | ${entry.findings.ms} ms | ${entry.findings.residentMb} MB${limit(entry.findings.residentMb, LIMIT_MB, entry.fields)}, ${entry.findings.collectedMb} MB collected (heap ${entry.findings.heapMb} MB, buffers ${entry.findings.externalMb} MB) | ${entry.incrementalScan.ms} ms${entry.incrementalScan.ms <= INCREMENTAL_LIMIT_MS ? ' (met)' : ' (**missed**)'}, read ${entry.incrementalScan.read} | ${entry.incrementalScan.peakMb} MB | ${entry.incrementalScan.residentMb} MB, ${entry.incrementalScan.collectedMb} MB collected | ${entry.loadAverage.join(', ')} |`;
  writeFileSync(
    'bench/results/audit-memory.md',
    [
      '# Audit memory and scan time',
      '',
      '`npm run bench:audit -- memory` (bench/support/audit-memory.ts), BENCH_FIELDS demo fields, one',
      "process holding the store with its search index loaded (the service's part, first column) and",
      'the embedded audit: a full scan, the findings and their summary (what the audit page asks for),',
      'then an incremental scan after 1% of the fields were locked by another writer and the findings',
      'again. Memory is resident (RSS), sampled every 100 ms for peaks; "collected" is after a full garbage collection (as found depends on when the collector last ran). Limits: RSS after a full scan and',
      'its findings under 500 MB at 100,000 fields and 2 GB at 1,000,000; a full scan of 1,000,000',
      'fields under 10 minutes; an incremental scan under 30 s. Taken on a shared 2-core machine under',
      'other work (load average in the last column): compare within the file.',
      '',
      '| code, fields | service alone | full scan | its peak | findings | RSS after | incremental scan | its peak | RSS after | load |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...Object.entries(all).map(([name, entry]) => row(name, entry)),
      '',
      // Written by hand from a profile: kept beside the figures of each run.
      readFileSync('bench/support/audit-memory-where-it-goes.md', 'utf8').trim(),
      '',
    ].join('\n'),
  );
}
