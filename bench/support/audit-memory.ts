// The memory part of npm run bench:audit (`npm run bench:audit -- memory`): resident
// memory and time of a full embedded scan and its findings, then of an incremental scan
// after 1% of the fields changed, with how long each phase of both scans took, at
// 100,000 and 1,000,000 fields (BENCH_FIELDS alone when given). Each size is measured in
// a process of its own that holds the store's own search index as the server does, and
// did not make the store (made before, in another process, when missing). Written to
// bench/results/audit-memory.json and .md under BENCH_LABEL, so two versions of the code
// sit side by side.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ALLOCATOR_ENV } from '../../src/service/allocator-env';
import type { ScanPhaseTimes } from '../../src/service/audit/scan/phase-clock';
import { IDLE_END_MS } from '../../src/service/audit/worker/audit-thread';
import { benchAuditStore, openBenchAudit } from './bench-audit';
import { everyNthId } from './every-nth-id';
import type { MemorySample } from './phase-peaks';
import { peaksByPhase } from './phase-peaks';

const CHANGED_SHARE = 0.01;
/** The issue's limits on resident memory after a full scan and its findings. */
const LIMIT_MB: Record<number, number> = { 100_000: 500, 1_000_000: 2048 };
const SERVICE_LIMIT_MB: Record<number, number> = { 1_000_000: 1024 };
const SCAN_LIMIT_MS: Record<number, number> = { 1_000_000: 600_000 };
const INCREMENTAL_LIMIT_MS = 30_000;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const residentMb = () => megabytes(process.memoryUsage.rss());

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Resident memory as found, and after full garbage collections: the first depends on
 * when the collector last ran, the second is what the process really holds. V8 gives
 * a dead array buffer's memory back on a sweep in the background after the collection
 * that found it dead: read at once after one collection, the findings of the view an
 * incremental scan replaced (hundreds of MB at 1,000,000 fields) were still counted.
 */
async function memoryNow() {
  const asFound = residentMb();
  collectGarbage();
  await new Promise((done) => setTimeout(done, 1000));
  collectGarbage();
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    residentMb: asFound,
    collectedMb: residentMb(),
    heapMb: megabytes(heapUsed),
    externalMb: megabytes(external + arrayBuffers),
  };
}

/** Runs `work`, reading resident memory every 100 ms meanwhile: its highest, and each reading. */
async function withPeak<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; peakMb: number; samples: MemorySample[]; endedAt: number }> {
  const samples: MemorySample[] = [];
  const sample = () => samples.push({ at: performance.now(), residentMb: residentMb() });
  sample();
  const sampler = setInterval(sample, 100);
  const started = performance.now();
  try {
    const value = await work();
    const endedAt = performance.now();
    sample();
    return {
      value,
      ms: Math.round(endedAt - started),
      peakMb: Math.max(...samples.map(({ residentMb }) => residentMb)),
      samples,
      endedAt,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Waits until the audit's thread, idle since its last job, has ended (as a server's
 * does between scans): resident memory "after" is what the process keeps.
 */
const threadEnded = () => new Promise((done) => setTimeout(done, IDLE_END_MS + 1000));

const SIZES = [100_000, 1_000_000];

/** Runs a part of bench/audit.ts in a process of its own. */
function inOwnProcess(part: string, fields: number): void {
  // With the allocator's setting `npm start` gives the service.
  const result = spawnSync('node_modules/.bin/tsx', ['bench/audit.ts', part, String(fields)], {
    stdio: 'inherit',
    env: { ...process.env, ...ALLOCATOR_ENV },
  });
  if (result.status !== 0) throw new Error(`bench/audit.ts ${part} ${fields} failed`);
}

/** Each size (BENCH_FIELDS alone when given) in a fresh process, its store made before when missing. */
export function measureAuditMemory(onlyFields: number | undefined): void {
  for (const fields of onlyFields === undefined ? SIZES : [onlyFields]) {
    if (!existsSync(benchAuditStore(fields))) inOwnProcess('memory-store', fields);
    inOwnProcess('memory-at', fields);
  }
}

/** The commit measured, with a + when the work tree differs from it. */
function commitMeasured(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'bench') !== '';
  return `${git('rev-parse', '--short', 'HEAD')}${dirty ? '+' : ''}`;
}

export async function measureAuditMemoryAt(fields: number, label: string): Promise<void> {
  // Taken first: the code is loaded now, and a commit made while this runs is not what ran.
  const commit = commitMeasured();
  const { stores, audit } = openBenchAudit(fields, 'audit-memory');
  const { service } = audit;
  // Read first, so the service's own index is in memory as a server holds it.
  const ids = everyNthId(stores.fields, Math.round(1 / CHANGED_SHARE));
  const serviceMb = (await memoryNow()).collectedMb;
  const scan = async () => {
    const started = service.startScan(undefined);
    await service.scansSettled();
    const done = service.scan(started.id)!;
    if (done.state !== 'complete') throw new Error(`scan ${done.id} ended ${done.state}`);
    return done;
  };

  const full = await withPeak(scan);
  const fullPhases = service.lastScanPhases() ?? [];
  const fullPeaks = peaksByPhase(full.samples, fullPhases, full.endedAt);
  // What the audit page asks for once the scan is there: the findings and their summary.
  const findings = await withPeak(async () => service.view()!.summary());
  await threadEnded();
  const afterFindings = await memoryNow();

  // Each lock flipped: the store is kept between runs, so a fixed value changes nothing twice.
  const flipLocks = () => {
    const lockedNow = new Set(ids.filter((id) => stores.fields.getField(id)?.locked));
    stores.fields.setLockedMany([...lockedNow], false, Date.now());
    stores.fields.setLockedMany(
      ids.filter((id) => !lockedNow.has(id)),
      true,
      Date.now(),
    );
  };
  flipLocks();
  const incremental = await withPeak(scan);
  const incrementalPhases = service.lastScanPhases() ?? [];
  const incrementalPeaks = peaksByPhase(
    incremental.samples,
    incrementalPhases,
    incremental.endedAt,
  );
  const findingsAfter = await withPeak(async () => service.view()!.summary());
  await threadEnded();
  const afterIncremental = await memoryNow();
  // Memory must not grow from one scan to the next: a second one, as the first.
  flipLocks();
  const secondIncremental = await withPeak(scan);
  service.view()!.summary();
  await threadEnded();
  const afterSecondIncremental = await memoryNow();
  await audit.close();
  // The audit's thread is gone, its heap and its connection's cache with it; the
  // findings the view holds stay: the difference is what that thread held.
  const withoutAuditThread = await memoryNow();
  stores.close();

  const measured = {
    fields,
    commit,
    cpus: cpus().length,
    node: process.version,
    date: new Date().toISOString(),
    loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
    serviceMb,
    fullScan: {
      ms: full.ms,
      peakMb: full.peakMb,
      read: full.value.progress.read,
      phases: fullPhases,
      phasePeaksMb: fullPeaks,
    },
    findings: { ms: findings.ms, ...afterFindings },
    incrementalScan: {
      changed: ids.length,
      ms: incremental.ms,
      read: incremental.value.progress.read,
      peakMb: incremental.peakMb,
      phases: incrementalPhases,
      phasePeaksMb: incrementalPeaks,
      findingsMs: findingsAfter.ms,
      ...afterIncremental,
    },
    secondIncrementalScan: {
      ms: secondIncremental.ms,
      peakMb: secondIncremental.peakMb,
      residentMb: afterSecondIncremental.residentMb,
      collectedMb: afterSecondIncremental.collectedMb,
    },
    withoutAuditThread: {
      residentMb: withoutAuditThread.residentMb,
      collectedMb: withoutAuditThread.collectedMb,
    },
  };
  writeReport(label, measured);
  console.log(JSON.stringify(measured, null, 2));
}

type Measured = {
  fields: number;
  /** Missing in the rows taken before it was written down. */
  commit?: string;
  date: string;
  loadAverage: number[];
  serviceMb: number;
  /** Missing in the rows taken before it was measured. */
  secondIncrementalScan?: { ms: number; peakMb: number; residentMb: number; collectedMb: number };
  /** Missing in the rows taken before it was measured. */
  withoutAuditThread?: { residentMb: number; collectedMb: number };
  fullScan: {
    ms: number;
    peakMb: number;
    read: number;
    phases?: ScanPhaseTimes;
    /** Missing in the rows taken before it was measured. */
    phasePeaksMb?: Record<string, number>;
  };
  findings: { ms: number } & Awaited<ReturnType<typeof memoryNow>>;
  incrementalScan: {
    changed: number;
    ms: number;
    read: number;
    peakMb: number;
    phases?: ScanPhaseTimes;
    phasePeaksMb?: Record<string, number>;
    findingsMs: number;
  } & Awaited<ReturnType<typeof memoryNow>>;
};

/** Each scan's phases as a table: a row per measured scan, a column per phase. */
function phasesTable(all: Record<string, Measured>): string[] {
  const scans = Object.entries(all).flatMap(([name, entry]) => [
    { name: `${name}, full`, phases: entry.fullScan.phases },
    { name: `${name}, incremental`, phases: entry.incrementalScan.phases },
  ]);
  const measured = scans.flatMap(({ name, phases }) => (phases ? [{ name, phases }] : []));
  const columns = [...new Set(measured.flatMap(({ phases }) => phases.map(({ phase }) => phase)))];
  const msOf = (phases: ScanPhaseTimes, phase: string) => {
    const times = phases.filter((entry) => entry.phase === phase);
    return times.length === 0 ? '' : `${times.reduce((sum, entry) => sum + entry.ms, 0)}`;
  };
  return [
    `| code, fields, scan | ${columns.join(' | ')} |`,
    `| --- |${columns.map(() => ' ---: |').join('')}`,
    ...measured.map(
      ({ name, phases }) =>
        `| ${name} | ${columns.map((phase) => msOf(phases, phase)).join(' | ')} |`,
    ),
  ];
}

/** The highest resident memory in each phase of the scans that measured it (MB). */
function phasePeaksTable(all: Record<string, Measured>): string[] {
  const scans = Object.entries(all).flatMap(([name, entry]) => [
    { name: `${name}, full`, peaks: entry.fullScan.phasePeaksMb },
    { name: `${name}, incremental`, peaks: entry.incrementalScan.phasePeaksMb },
  ]);
  const measured = scans.flatMap(({ name, peaks }) => (peaks ? [{ name, peaks }] : []));
  if (measured.length === 0) return [];
  const columns = [...new Set(measured.flatMap(({ peaks }) => Object.keys(peaks)))];
  return [
    '## The highest resident memory in each phase (MB)',
    '',
    "Sampled every 100 ms, each phase placed back from the scan's end by the lengths of",
    'the phases after it (bench/support/phase-peaks.ts). "Handing over the findings"',
    "includes their summary and the index of every field, made on the audit's thread first.",
    '',
    `| code, fields, scan | ${columns.join(' | ')} |`,
    `| --- |${columns.map(() => ' ---: |').join('')}`,
    ...measured.map(
      ({ name, peaks }) =>
        `| ${name} | ${columns.map((phase) => peaks[phase] ?? '').join(' | ')} |`,
    ),
    '',
  ];
}

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
    `| ${name} | ${entry.commit ?? ''} | ${entry.serviceMb} MB${limit(entry.serviceMb, SERVICE_LIMIT_MB, entry.fields)} | ${entry.fullScan.ms} ms${limit(entry.fullScan.ms, SCAN_LIMIT_MS, entry.fields)} | ${entry.fullScan.peakMb} MB | ${entry.findings.ms} ms | ${entry.findings.residentMb} MB${limit(entry.findings.residentMb, LIMIT_MB, entry.fields)}, ${entry.findings.collectedMb} MB collected (heap ${entry.findings.heapMb} MB, buffers ${entry.findings.externalMb} MB) | ${entry.incrementalScan.ms} ms${entry.incrementalScan.ms <= INCREMENTAL_LIMIT_MS ? ' (met)' : ' (**missed**)'}, read ${entry.incrementalScan.read} | ${entry.incrementalScan.peakMb} MB | ${entry.incrementalScan.residentMb} MB, ${entry.incrementalScan.collectedMb} MB collected | ${entry.secondIncrementalScan ? `${entry.secondIncrementalScan.residentMb} MB, ${entry.secondIncrementalScan.collectedMb} MB collected` : ''} | ${entry.withoutAuditThread ? `${entry.withoutAuditThread.collectedMb} MB` : ''} | ${entry.loadAverage.join(', ')} |`;
  writeFileSync(
    'bench/results/audit-memory.md',
    [
      '# Audit memory and scan time',
      '',
      '`npm run bench:audit -- memory` (bench/support/audit-memory.ts), BENCH_FIELDS demo fields, one',
      "process holding the store with its search index loaded (the service's part, first column) and",
      'the embedded audit: a full scan, the findings and their summary (what the audit page asks for),',
      'then an incremental scan after 1% of the fields were locked by another writer and the findings',
      'again, then a second incremental scan the same way. Memory is resident (RSS), sampled every 100 ms for peaks; "collected" is after full garbage collections a second apart (as found depends on when the collector last ran; rows before 2026-11-29 09:00 UTC collected once); "after" is once the',
      'audit\'s thread, idle, has ended (10 s after its last job; at once in rows from before it ended when idle), and "without the audit thread" once the',
      'audit is closed (its thread ended). Limits: RSS after a full scan and',
      'its findings under 500 MB at 100,000 fields and 2 GB at 1,000,000; a full scan of 1,000,000',
      'fields under 10 minutes; an incremental scan under 30 s; the service alone under 1 GB at',
      '1,000,000. Taken on a shared 2-core machine under other work (load average in the last',
      'column): compare within the file. The commit measured ends with + when the work tree differed.',
      '',
      '| code, fields | commit | service alone | full scan | its peak | findings | RSS after | incremental scan | its peak | RSS after | RSS after a 2nd incremental scan | without the audit thread | load |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...Object.entries(all).map(([name, entry]) => row(name, entry)),
      '',
      '## Where each scan spent its time (ms)',
      '',
      'Each phase as the audit\'s thread timed it (scan/scan-to-end.ts): "handing over the',
      'findings" is their passage to the thread that answers requests.',
      '',
      ...phasesTable(all),
      '',
      ...phasePeaksTable(all),
      // Written by hand from a profile: kept beside the figures of each run.
      readFileSync('bench/support/audit-memory-where-it-goes.md', 'utf8').trim(),
      '',
    ].join('\n'),
  );
}
