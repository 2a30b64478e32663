// `npm run bench:audit -- incremental [runs]`: the embedded incremental scan after 1% of
// the fields changed, at BENCH_FIELDS (default 1,000,000), phase by phase with each
// phase's clock and CPU. The scan is the audit worker's own work (`scanToEnd`) run in
// this process alone, so no thread answers requests: "refreshing the directory" and
// "handing over the findings" do nothing, and the figures are the scan's own.
//
// It needs, in bench/tmp, a copy of the store (`incremental-store-N.sqlite`, the 1%
// already changed) and an audit file that holds a complete scan of the store before the
// change (`incremental-template-N.audit.sqlite`); when they are missing it makes them
// from the audit parts' store (`prepare` below).
// Every run scans a fresh copy of the template, so each run finds the same 1% changed
// and two versions of the code can be run in turn on the same files.
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PhaseClock } from '../../src/service/audit/scan/phase-clock';
import { scanToEnd } from '../../src/service/audit/scan/scan-to-end';
import { StoreFileSource } from '../../src/service/audit/scan/store-file-source';
import { AuditStore } from '../../src/service/audit/storage/audit-store';
import {
  openAuditDatabase,
  openScanConnection,
} from '../../src/service/audit/storage/open-audit-database';
import { openStore } from '../../src/service/store/open-store';
import { openDatabase } from '../../src/service/store/sqlite/open-database';
import { benchAuditStore, makeBenchAuditStore } from './bench-audit';

const tmp = 'bench/tmp';
const storeOf = (fields: number) => `${tmp}/incremental-store-${fields}.sqlite`;
const templateOf = (fields: number) => `${tmp}/incremental-template-${fields}.audit.sqlite`;
const seedOf = (fields: number) => `${tmp}/incremental-seed-${fields}.audit.sqlite`;
const runFileOf = (fields: number) => `${tmp}/incremental-run-${fields}.audit.sqlite`;
const retention = { keep: 30, keepMs: 30 * 24 * 3600 * 1000, keepEnded: 10 };
const CHANGED_EVERY = 100;

const removeAuditFile = (file: string) => {
  for (const suffix of ['', '-wal', '-shm', '-lock']) rmSync(`${file}${suffix}`, { force: true });
};

/** Each phase's clock and CPU (all threads), in the order they ran. */
type PhaseCosts = Array<{ phase: string; ms: number; cpuMs: number }>;

/** Runs one scan to its end on `auditFile`, as the audit's worker runs it. */
export async function scanOnce(
  fields: number,
  auditFile: string,
): Promise<{ ms: number; cpuMs: number; phases: PhaseCosts; read: number }> {
  // Brings the file to this code's schema first, as a server does when it opens it.
  openAuditDatabase(auditFile).close();
  const store = new AuditStore(openScanConnection(auditFile), auditFile, 'embedded');
  const scan = store.scans.create('manual', Date.now());
  const source = new StoreFileSource(storeOf(fields));
  const phases: PhaseCosts = [];
  const time = PhaseClock.prototype.time;
  PhaseClock.prototype.time = async function <T>(
    this: PhaseClock,
    phase: string,
    work: () => T | Promise<T>,
  ) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    try {
      return (await time.call(this, phase, work)) as T;
    } finally {
      const used = process.cpuUsage(cpu);
      phases.push({
        phase,
        ms: Math.round(performance.now() - started),
        cpuMs: Math.round((used.user + used.system) / 1000),
      });
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    await scanToEnd({
      store,
      scanId: scan.id,
      source,
      signal: new AbortController().signal,
      retention,
      hooks: {
        onProgress: () => {},
        refreshDirectory: async () => false,
        headlineAsLastSeen: async () => undefined,
        completed: async () => {},
      },
    });
  } finally {
    PhaseClock.prototype.time = time;
    source.close();
  }
  const used = process.cpuUsage(cpu);
  const done = store.scans.get(scan.id);
  if (done?.state !== 'complete') throw new Error(`scan ${scan.id} ended ${done?.state}`);
  return {
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    phases,
    read: done.progress.read,
  };
}

/**
 * The store copy and the template, made once: the store as this code opens it, a scan
 * of it into a copy of the seed (`incremental-seed-N.audit.sqlite`, an audit file that
 * holds a complete scan of the store; a full scan from nothing without one), then 1% of
 * the locks flipped.
 */
async function prepare(fields: number): Promise<void> {
  if (existsSync(storeOf(fields)) && existsSync(templateOf(fields))) return;
  makeBenchAuditStore(fields);
  for (const file of [storeOf(fields), templateOf(fields)]) removeAuditFile(file);
  copyFileSync(benchAuditStore(fields), storeOf(fields));
  if (existsSync(`${benchAuditStore(fields)}.index`))
    copyFileSync(`${benchAuditStore(fields)}.index`, `${storeOf(fields)}.index`);
  openDatabase(storeOf(fields)).close();
  if (existsSync(seedOf(fields))) copyFileSync(seedOf(fields), templateOf(fields));
  await scanOnce(fields, templateOf(fields));
  flipLocks(storeOf(fields), fields);
}

/** Flips the lock of every 100th field in id order: the 1% the incremental scan finds changed. */
export function flipLocks(storeFile: string, fields: number): void {
  const stores = openStore(storeFile);
  const every = stores.fields
    .search({ filters: [], sort: { field: 'id', ascending: true }, limit: fields, offset: 0 })
    .results.map((json) => JSON.parse(json) as { id: number; locked: boolean })
    .filter((_, index) => index % CHANGED_EVERY === 0);
  const now = Date.now();
  const ids = (locked: boolean) =>
    every.filter((field) => field.locked === locked).map((field) => field.id);
  stores.fields.setLockedMany(ids(true), false, now);
  stores.fields.setLockedMany(ids(false), true, now);
  stores.close();
}

export async function measureIncrementalScan(fields: number, runs: number): Promise<void> {
  await prepare(fields);
  for (let run = 1; run <= runs; run++) {
    const auditFile = runFileOf(fields);
    removeAuditFile(auditFile);
    copyFileSync(templateOf(fields), auditFile);
    // Written out before the scan: the copy's pages would otherwise go to disk during it,
    // at the scan's first checkpoint, and its clock would time the copy.
    const copied = openSync(auditFile, 'r+');
    fsyncSync(copied);
    closeSync(copied);
    const load = loadavg().map((value) => Math.round(value * 10) / 10);
    const measured = await scanOnce(fields, auditFile);
    console.log(JSON.stringify({ fields, run, loadAtStart: load, ...measured }));
    for (const { phase, ms, cpuMs } of measured.phases)
      console.log(`  ${phase.padEnd(28)} ${String(ms).padStart(7)} ms  cpu ${cpuMs} ms`);
    console.log(
      `  ${'total'.padEnd(28)} ${String(measured.ms).padStart(7)} ms  cpu ${measured.cpuMs} ms`,
    );
    removeAuditFile(auditFile);
  }
}
