// The scale-audit part of npm run bench:service: each 50-row query over HTTP on the
// built service, while the audit's first full scan of the store runs and after it
// completed and the audit page's answers were asked for, with the service's resident
// memory at each step.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { AuditStatus } from '../../src/contract/audit';
import { AUDIT_BASE } from '../../src/contract/audit';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import {
  answeredFirstSearch,
  benchStore,
  benchToken,
  readBenchInputs,
  savedIndexReady,
  savedIndexUsable,
  startBenchService,
} from './bench-store';
import { collectGarbageOf, inspectorOnSignal } from './forced-gc';
import type { RunningServer } from './processes';
import { residentMegabytes } from './processes';
import type { PhaseQuery, ScaleAuditRow } from './scale-audit-report';
import { askEachOnce, measureSearches } from './search-load';
import type { Scenario } from './workload';
import { scenarios } from './workload';

/** Each audit page request, as the page asks them when it opens (prefetch-audit-page.ts). */
const auditPagePaths = [
  `${AUDIT_BASE}/status`,
  `${AUDIT_BASE}/findings`,
  `${AUDIT_BASE}/trend`,
  `${AUDIT_BASE}/scans?offset=0&limit=500`,
  apiPaths.statistics,
  `${AUDIT_BASE}/statistics`,
];

const freshAuditFile = (fields: number) => `bench/tmp/scale-audit-${fields}.audit.sqlite`;

function log(line: string) {
  console.log(`[bench] ${line}`);
}

async function getJson<T>(server: RunningServer, path: string): Promise<T> {
  const send = () => fetch(`${server.url}${path}`, { headers: { [TOKEN_HEADER]: benchToken } });
  // A kept-alive connection the server closed just as it was reused fails once; these
  // are reads, so sending again is safe.
  const response = await send().catch(send);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const auditStatus = (server: RunningServer) => getJson<AuditStatus>(server, `${AUDIT_BASE}/status`);

/** The id of the scan the audit runs now, or null. */
const runningScanId = async (server: RunningServer) =>
  (await auditStatus(server)).runningScan?.id ?? null;

const scanRunning = async (server: RunningServer) => (await runningScanId(server)) !== null;

function removeAuditFile(fields: number) {
  const file = freshAuditFile(fields);
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(basename(file))) rmSync(join(dirname(file), name));
  }
}

/**
 * A store of `fields` fields whose saved index a start reads back. One missing is
 * created (or its index saved) by a service whose audit file is thrown away after.
 */
async function ensureIndexedStore(fields: number): Promise<void> {
  if (existsSync(benchStore(fields)) && savedIndexReady(fields)) return;
  log(`${fields} fields: creating the store and its saved index...`);
  removeAuditFile(fields);
  const service = await startBenchService(fields, [], ['--audit-data', freshAuditFile(fields)]);
  await answeredFirstSearch(service);
  await savedIndexUsable(fields);
  await service.stop();
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Samples a process's resident memory every 200 ms, keeping the highest, until stopped. */
function peakSampler(pid: number) {
  let peak = residentMegabytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentMegabytes(pid))), 200);
  return {
    peakMb: () => Math.max(peak, residentMegabytes(pid)),
    stop: () => clearInterval(timer),
  };
}

/**
 * One query's load, after each of its different requests was asked once, with the scan
 * the audit ran just before and just after it.
 */
async function measureQuery(
  service: RunningServer,
  fields: number,
  phase: string,
  scenario: Scenario,
  timing: { seconds: number; warmUpSeconds: number },
): Promise<PhaseQuery> {
  const before = await runningScanId(service);
  await askEachOnce(service, scenario);
  const result = await measureSearches(service, scenario, timing);
  const after = await runningScanId(service);
  log(
    `  ${fields} fields, ${phase}, ${scenario.label}: ${result.requestsPerSecond.toFixed(0)} req/s, ${result.mainThreadCpuMsPerRequest!.toFixed(3)} ms CPU (running scan ${before}/${after})`,
  );
  return { label: scenario.label, result, runningScan: { before, after } };
}

function queriesOf(fields: number): Scenario[] {
  const inputs = readBenchInputs(fields);
  return scenarios(inputs.fragments, inputs.referencedIds, fields).filter((scenario) =>
    scenario.label.startsWith('50 rows'),
  );
}

/**
 * Each query on its own start with a fresh audit file, in the first seconds of that
 * start's first full scan: measured one after another on one start, the last queries
 * at 100,000 fields outlasted the scan (21 s) and were measured partly without it.
 */
async function measureWhileScanning(
  fields: number,
  timing: { seconds: number; warmUpSeconds: number },
): Promise<PhaseQuery[]> {
  const queries: PhaseQuery[] = [];
  for (const scenario of queriesOf(fields)) {
    removeAuditFile(fields);
    const service = await startBenchService(fields, [], ['--audit-data', freshAuditFile(fields)]);
    try {
      await until(() => scanRunning(service), 'no scan started', 60_000);
      // The index is read back on the first search: what follows measures searches, not that.
      await answeredFirstSearch(service);
      queries.push(await measureQuery(service, fields, 'during the scan', scenario, timing));
    } finally {
      await service.stop();
    }
  }
  return queries;
}

/**
 * Restarted on the audit file its first scan completed: the audit makes that scan's
 * findings at start, which the audit page's requests wait for; then a second of each
 * query, resident memory as found and after a forced collection.
 */
async function restartedMemory(fields: number): Promise<ScaleAuditRow['restartedMb']> {
  const service = await startBenchService(fields, inspectorOnSignal, [
    '--audit-data',
    freshAuditFile(fields),
  ]);
  try {
    await askAuditPage(service);
    for (const scenario of queriesOf(fields)) {
      await measureSearches(service, scenario, { seconds: 1, warmUpSeconds: 0 });
    }
    const scanning = await scanRunning(service);
    const pid = service.child.pid!;
    const asFound = residentMegabytes(pid);
    await collectGarbageOf(service);
    const collected = residentMegabytes(pid);
    log(`${fields} fields, restarted: ${asFound} MB, ${collected} MB after a collection`);
    return { asFound, afterForcedGc: collected, scanRunning: scanning };
  } finally {
    await service.stop();
  }
}

/** Every request the audit page sends when it opens, at once; how long until all answered. */
async function askAuditPage(service: RunningServer): Promise<number> {
  const started = performance.now();
  await Promise.all(auditPagePaths.map((path) => getJson(service, path)));
  return Math.round(performance.now() - started);
}

/** One size: a restart with a fresh audit file, so the first full scan runs at start. */
export async function measureScaleAudit(
  fields: number,
  timing: { seconds: number; warmUpSeconds: number },
): Promise<ScaleAuditRow> {
  await ensureIndexedStore(fields);
  const loadBefore = loadavg();
  const duringScan = await measureWhileScanning(fields, timing);
  removeAuditFile(fields);
  const started = performance.now();
  const service = await startBenchService(fields, inspectorOnSignal, [
    '--audit-data',
    freshAuditFile(fields),
  ]);
  const pid = service.child.pid!;
  const sampler = peakSampler(pid);
  const atStartMb = residentMegabytes(pid);
  try {
    await until(() => scanRunning(service), 'no scan started', 60_000);
    // The index is read back on the first search: what follows measures searches, not that.
    await answeredFirstSearch(service);
    const indexReadyMs = Math.round(performance.now() - started);
    const indexReadyMb = residentMegabytes(pid);
    await until(async () => !(await scanRunning(service)), 'the scan did not end', 3_600_000);
    const peakDuringScanMb = sampler.peakMb();
    const scan = (await auditStatus(service)).latestScan;
    if (scan?.state !== 'complete')
      throw new Error(`the scan ended ${scan?.state ?? 'without a scan'}`);
    const auditPageMs = await askAuditPage(service);
    const peakThroughAuditPageMb = sampler.peakMb();
    sampler.stop();
    const afterFindingsMb = residentMegabytes(pid);
    log(`${fields} fields: scan ${scan.finished! - scan.started} ms, audit page ${auditPageMs} ms`);
    const afterScan: PhaseQuery[] = [];
    for (const scenario of queriesOf(fields)) {
      afterScan.push(await measureQuery(service, fields, 'after the scan', scenario, timing));
    }
    const afterQueriesMb = residentMegabytes(pid);
    const collected = await collectGarbageOf(service);
    const afterForcedGcMb = residentMegabytes(pid);
    log(`${fields} fields: ${collected}; ${afterQueriesMb} MB -> ${afterForcedGcMb} MB`);
    await service.stop();
    const restartedMb = await restartedMemory(fields);
    return {
      fields,
      scanMs: scan.finished! - scan.started,
      indexReadyMs,
      auditPageMs,
      duringScan,
      afterScan,
      memoryMb: {
        atStart: atStartMb,
        indexReady: indexReadyMb,
        peakDuringScan: peakDuringScanMb,
        peakThroughAuditPage: peakThroughAuditPageMb,
        afterFindings: afterFindingsMb,
        afterQueries: afterQueriesMb,
        afterForcedGc: afterForcedGcMb,
      },
      restartedMb,
      loadAverage: { before: loadBefore, after: loadavg() },
    };
  } finally {
    sampler.stop();
    await service.stop();
  }
}
