// npm run bench:service: our service against json-server 0.17 and a same-bytes
// Fastify floor at 100,000 fields, then our service alone at each size of the scale
// table, all in one run so the ratios hold; then the restart after SIGKILL at each
// size (alone with BENCH_PART=restart); then, at 100,000 and 1,000,000 fields, each
// 50-row query while the audit's first scan runs and after it (BENCH_PART=scale-audit).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { AuditStatus } from '../src/contract/audit';
import { AUDIT_BASE } from '../src/contract/audit';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import type { SearchRequest, SearchResponse } from '../src/contract/search';
import type { BenchInputs } from './support/bench-store';
import {
  benchStore,
  benchToken,
  readBenchInputs,
  savedIndexUsable,
  startBenchService,
} from './support/bench-store';
import type { LoadResult } from './support/load';
import { measureLoad } from './support/load';
import type { RunningServer } from './support/processes';
import { residentMegabytes, startServer } from './support/processes';
import { measureSearches } from './support/search-load';
import type { RestartRow } from './support/restart-after-kill';
import { measureRestartAfterKill, writeRestartReport } from './support/restart-after-kill';
import { measureScaleAudit } from './support/scale-audit';
import type { ScaleAuditRow } from './support/scale-audit-report';
import { writeScaleAuditReport } from './support/scale-audit-report';
import type { ScaleRow, ServiceRow } from './support/service-report';
import { writeServiceReport } from './support/service-report';
import type { Scenario } from './support/workload';
import { scenarios } from './support/workload';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const SCALE = (process.env.BENCH_SCALE ?? '10000,100000,1000000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PEER_REQUESTS = Number(process.env.BENCH_PEER_REQUESTS ?? 5);
/**
 * `restart` measures only the restart after SIGKILL, at each size of the scale table;
 * `scale-audit` only the searches while the audit's first scan runs and after it.
 */
const PART = process.env.BENCH_PART;
const SCALE_AUDIT = (process.env.BENCH_SCALE_AUDIT ?? '100000,1000000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const SCALE_AUDIT_SECONDS = Number(process.env.BENCH_SCALE_AUDIT_SECONDS ?? 5);
const tmp = 'bench/tmp';
// v2: records carry the ids they reference, for the templateDependencies query.
const jsonServerDb = `${tmp}/json-server-v2-${FIELDS}.json`;

function log(line: string) {
  console.log(`[bench] ${line}`);
}

async function postText(server: RunningServer, body: SearchRequest): Promise<string> {
  const send = () =>
    fetch(`${server.url}${apiPaths.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: benchToken },
      body: JSON.stringify(body),
    });
  // A kept-alive connection the server closed just as it was reused fails once; the
  // request is a search, so sending it again is safe.
  const response = await send().catch(send);
  const text = await response.text();
  if (!response.ok) throw new Error(`search answered ${response.status}: ${text}`);
  return text;
}

const post = async (server: RunningServer, body: SearchRequest) =>
  JSON.parse(await postText(server, body)) as SearchResponse;

/** Every record, exactly as our search answers it, for json-server to serve. */
async function allRecords(service: RunningServer) {
  const records = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await post(service, {
      filters: [],
      sort: { field: 'id', ascending: true },
      limit: 5000,
      offset,
    });
    records.push(...page.results);
    if (!page.hasMore) return records;
  }
}

/** A fresh process on an existing store, until its first search is answered. */
async function restart(fields: number): Promise<{ service: RunningServer; startupMs: number }> {
  const startedAt = performance.now();
  const service = await startBenchService(fields);
  await post(service, {
    filters: [],
    sort: { field: 'name', ascending: true },
    limit: 50,
    name: 'rev',
  });
  const startupMs = Math.round(performance.now() - startedAt);
  log(`${fields} fields: restart to first search ${startupMs} ms`);
  return { service, startupMs };
}

/** Whether the audit is scanning the store (it scans once when a store has no scan yet). */
async function auditScanning(service: RunningServer): Promise<boolean> {
  const response = await fetch(`${service.url}${AUDIT_BASE}/status`, {
    headers: { [TOKEN_HEADER]: benchToken },
  });
  if (!response.ok) throw new Error(`the audit status answered ${response.status}`);
  const status = (await response.json()) as AuditStatus;
  return status.runningScan !== undefined || status.latestScan === undefined;
}

/**
 * Creates the demo store of `fields` fields when it is missing, and opens it until
 * the audit's first scan of it is done, so that a restart measures a store already
 * at the current version with no scan to finish. One search makes the search index
 * (built, or read back); one built is saved in the background, which is waited
 * for: the restart then reads it back instead of building it from SQLite.
 */
async function ensureStore(fields: number): Promise<void> {
  if (!existsSync(benchStore(fields))) log(`creating a demo store of ${fields} fields (once)...`);
  const service = await startBenchService(fields);
  while (await auditScanning(service)) await new Promise((done) => setTimeout(done, 1000));
  await post(service, { filters: [], sort: { field: 'name', ascending: true }, limit: 1 });
  await savedIndexUsable(fields);
  await service.stop();
}

const measurePosts = (server: RunningServer, scenario: Scenario): Promise<LoadResult> =>
  measureSearches(server, scenario, { seconds: SECONDS, warmUpSeconds: 2 });

/** Of 21 answers our service gives to the scenario, the one of median length. */
async function typicalAnswer(service: RunningServer, scenario: Scenario): Promise<string> {
  const answers: string[] = [];
  for (let i = 0; i < 21; i += 1) answers.push(await postText(service, scenario.ours()));
  answers.sort((a, b) => a.length - b.length);
  return answers[10]!;
}

async function setFloorPage(floor: RunningServer, page: string): Promise<void> {
  const response = await fetch(`${floor.url}/floor/page`, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: page,
  });
  if (!response.ok) throw new Error(`the floor answered ${response.status}`);
}

/** Ours, the floor answering ours's typical bytes, and json-server, one query after another. */
async function compareWithPeers(
  service: RunningServer,
  inputs: BenchInputs,
): Promise<{ rows: ServiceRow[]; peerMemoryMb: number }> {
  if (!existsSync(jsonServerDb)) {
    const records = await allRecords(service);
    if (records.length !== FIELDS) {
      throw new Error(`expected ${FIELDS} records, got ${records.length}`);
    }
    // json-server filters on a record's own fields, so each carries what it references.
    const withReferences = records.map((record) => ({
      ...record,
      references: inputs.references.get(record.id) ?? [],
    }));
    writeFileSync(jsonServerDb, JSON.stringify({ fields: withReferences }));
  }
  const floor = await startServer('bench/peers/floor-server.ts', ['0']);
  const peer = await startServer('bench/peers/json-server-peer.ts', [jsonServerDb, '0']);
  const rows: ServiceRow[] = [];
  for (const scenario of scenarios(inputs.fragments, inputs.referencedIds, FIELDS)) {
    log(scenario.label);
    const ours = await measurePosts(service, scenario);
    const page = await typicalAnswer(service, scenario);
    await setFloorPage(floor, page);
    const floorResult = await measurePosts(floor, scenario);
    // json-server answers one request at a time, so more connections would only queue:
    // one connection and a fixed number of requests measure it fairly.
    const peerLoad = (requests: number) =>
      measureLoad({
        url: peer.url,
        method: 'GET',
        next: () => ({ path: scenario.jsonServer() }),
        connections: 1,
        requests,
      });
    await peerLoad(1);
    const peerResult = await peerLoad(PEER_REQUESTS);
    log(
      `  ours ${ours.requestsPerSecond.toFixed(0)} req/s, floor ${floorResult.requestsPerSecond.toFixed(0)} (${page.length} bytes), json-server ${peerResult.requestsPerSecond.toFixed(1)}`,
    );
    rows.push({
      label: scenario.label,
      answerBytes: Buffer.byteLength(page),
      ours,
      floor: floorResult,
      peer: peerResult,
    });
  }
  const peerMemoryMb = residentMegabytes(peer.child.pid!);
  await Promise.all([floor.stop(), peer.stop()]);
  return { rows, peerMemoryMb };
}

/** Our service alone at one size: restart, each 50-row query, memory after. */
async function measureScale(fields: number): Promise<ScaleRow> {
  await ensureStore(fields);
  const inputs = readBenchInputs(fields);
  const { service, startupMs } = await restart(fields);
  const queries: ScaleRow['queries'] = [];
  for (const scenario of scenarios(inputs.fragments, inputs.referencedIds, fields)) {
    if (!scenario.label.startsWith('50 rows')) continue;
    const result = await measurePosts(service, scenario);
    log(`  ${fields} fields, ${scenario.label}: ${result.requestsPerSecond.toFixed(0)} req/s`);
    queries.push({ label: scenario.label, result });
  }
  const memoryMb = residentMegabytes(service.child.pid!);
  await service.stop();
  return { fields, startupMs, memoryMb, queries };
}

const machine = () => `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;

async function restartsAfterKill(): Promise<void> {
  const rows: RestartRow[] = [];
  for (const fields of SCALE) {
    // An existing store is measured as it is, its audit scan finished or not.
    if (!existsSync(benchStore(fields))) await ensureStore(fields);
    rows.push(await measureRestartAfterKill(fields));
    log(`${fields} fields: restart after SIGKILL ${rows.at(-1)!.restartMs} ms`);
  }
  console.log(writeRestartReport(new Date().toISOString(), machine(), rows));
}

/** Each 50-row query while the first scan runs and after it, at each size, with memory. */
async function scaleAudit(): Promise<void> {
  const timing = { seconds: SCALE_AUDIT_SECONDS, warmUpSeconds: 1 };
  const rows: ScaleAuditRow[] = [];
  for (const fields of SCALE_AUDIT) rows.push(await measureScaleAudit(fields, timing));
  const report = writeScaleAuditReport({
    date: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
    machine: machine(),
    seconds: timing.seconds,
    warmUpSeconds: timing.warmUpSeconds,
    rows,
  });
  console.log(report);
}

async function main() {
  mkdirSync(tmp, { recursive: true });
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (PART === 'restart') return restartsAfterKill();
  if (PART === 'scale-audit') return scaleAudit();
  await ensureStore(FIELDS);
  const inputs = readBenchInputs(FIELDS);
  log(`${inputs.references.size} fields reference ${inputs.referencedIds.length} others`);

  const { service, startupMs } = await restart(FIELDS);
  const { rows, peerMemoryMb } = await compareWithPeers(service, inputs);
  const serviceMemoryMb = residentMegabytes(service.child.pid!);
  await service.stop();

  const scale: ScaleRow[] = [];
  for (const fields of SCALE) scale.push(await measureScale(fields));

  const report = writeServiceReport({
    date: new Date().toISOString(),
    machine: machine(),
    fields: FIELDS,
    seconds: SECONDS,
    peerRequests: PEER_REQUESTS,
    startupMs,
    serviceMemoryMb,
    peerMemoryMb,
    rows,
    scale,
  });
  console.log(report);
  await restartsAfterKill();
  await scaleAudit();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
