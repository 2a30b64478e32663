// npm run bench:service: our service against json-server 0.17 and a constant-answer
// Fastify floor, all at 100,000 fields, measured in one run so the ratios hold.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import type { SearchResponse } from '../src/contract/search';
import type { LoadResult } from './support/load';
import { measureLoad } from './support/load';
import type { RunningServer } from './support/processes';
import { residentMegabytes, startServer } from './support/processes';
import { writeServiceReport } from './support/service-report';
import { nameFragments, scenarios } from './support/workload';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PEER_REQUESTS = Number(process.env.BENCH_PEER_REQUESTS ?? 5);
const TOKEN = 'bench-token-0123456789';
const tmp = 'bench/tmp';
const storeFile = `${tmp}/service-${FIELDS}.sqlite`;
const jsonServerDb = `${tmp}/json-server-${FIELDS}.json`;
// What `npm start` runs: the service bundled by `npm run build:server`.
const serviceEntry = 'dist-server/main.mjs';

function log(line: string) {
  console.log(`[bench] ${line}`);
}

async function post(server: RunningServer, body: unknown): Promise<SearchResponse> {
  const response = await fetch(`${server.url}${apiPaths.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SearchResponse;
}

const startService = () =>
  startServer(serviceEntry, [
    'start',
    '--no-build',
    '--port',
    '0',
    '--data',
    storeFile,
    '--demo-fields',
    String(FIELDS),
    '--demo-token',
    TOKEN,
  ]);

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

/** A short untimed run first, so every server is measured warm. */
async function warmThenMeasure(run: (seconds: number) => Promise<LoadResult>): Promise<LoadResult> {
  await run(2);
  return run(SECONDS);
}

async function main() {
  mkdirSync(tmp, { recursive: true });
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (!existsSync(storeFile)) log(`creating a demo store of ${FIELDS} fields (once)...`);
  let service = await startService();
  const records = await allRecords(service);
  if (records.length !== FIELDS)
    throw new Error(`expected ${FIELDS} records, got ${records.length}`);
  if (!existsSync(jsonServerDb)) writeFileSync(jsonServerDb, JSON.stringify({ fields: records }));
  await service.stop();

  // Start-up: a fresh process on the existing store until its first search is answered.
  const startedAt = performance.now();
  service = await startService();
  await post(service, {
    filters: [],
    sort: { field: 'name', ascending: true },
    limit: 50,
    name: 'rev',
  });
  const startupMs = Math.round(performance.now() - startedAt);
  log(`start-up to first search: ${startupMs} ms`);

  const floor = await startServer('bench/peers/floor-server.ts', ['0']);
  const peer = await startServer('bench/peers/json-server-peer.ts', [jsonServerDb, '0']);
  const fragments = nameFragments(records.map((record) => record.name));
  const rows = [];
  for (const scenario of scenarios(fragments, FIELDS)) {
    log(scenario.label);
    const postOptions = (server: RunningServer, seconds: number) => ({
      url: server.url,
      method: 'POST' as const,
      headers: { [TOKEN_HEADER]: TOKEN },
      next: () => ({ path: apiPaths.search, body: JSON.stringify(scenario.ours()) }),
      seconds,
      connections: scenario.connections,
    });
    const ours = await warmThenMeasure((seconds) => measureLoad(postOptions(service, seconds)));
    const floorResult = await warmThenMeasure((seconds) =>
      measureLoad(postOptions(floor, seconds)),
    );
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
      `  ours ${ours.requestsPerSecond.toFixed(0)} req/s, floor ${floorResult.requestsPerSecond.toFixed(0)}, json-server ${peerResult.requestsPerSecond.toFixed(1)}`,
    );
    rows.push({ label: scenario.label, ours, floor: floorResult, peer: peerResult });
  }
  const serviceMemoryMb = residentMegabytes(service.child.pid!);
  const peerMemoryMb = residentMegabytes(peer.child.pid!);
  await Promise.all([service.stop(), floor.stop(), peer.stop()]);

  const report = writeServiceReport({
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
    fields: FIELDS,
    seconds: SECONDS,
    peerRequests: PEER_REQUESTS,
    startupMs,
    serviceMemoryMb,
    peerMemoryMb,
    rows,
  });
  console.log(report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
