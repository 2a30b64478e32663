// A bulk lock through the proxy in front of the production-like double, by the journal's
// API as the app makes it: the dry run, its confirmation (to the 202), the set's summary
// read every 100 ms until it is done (its first move, and the longest time its counts
// did not move), the requests the instance received; then an unlock of the same fields
// cancelled CANCEL_AFTER_MS after its confirmation, from the cancel to the set stopped.
// One JSON line per step.
//
//   npx tsx bench/bulk-lock-proxy.ts
//
// BENCH_FIELDS (the demo instance, default 3000), BENCH_LOCKS (fields to lock, default
// 2000), BENCH_LATENCY (ms a request, default 30,80: production's). The double and the
// proxy run in this process; the instance is made afresh each run. BENCH_EMBEDDED=1
// runs the same against an embedded server on the demo instance instead.
// Measurements: bench/results/bulk-lock.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { journalPaths } from '../src/contract/journal';
import type { ChangeSetSummary, KeptPlan } from '../src/contract/journal';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import { FailedAuthLimiter } from '../src/service/auth/failed-auth-limiter';
import { JournalStore } from '../src/service/journal/journal-store';
import { buildServer } from '../src/service/server/build-server';
import { startProductionLikeUpstream } from '../src/service/test-support/production-like-upstream';
import type { UpstreamRequest } from '../src/service/test-support/production-like-upstream';
import { startTestServer, TEST_TOKEN } from '../src/service/test-support/test-server';
import { generateDemoInstance } from '../src/service/demo/generate-demo-instance';
import { demoInstance, INSTANCE_TOKEN } from './support/proxy-over-instance';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 3000);
const LOCKS = Number(process.env.BENCH_LOCKS ?? 2000);
const [low, high] = (process.env.BENCH_LATENCY ?? '30,80').split(',').map(Number) as [
  number,
  number,
];
const POLL_MS = 100;
const CANCEL_AFTER_MS = 5000;

const embedded = process.env.BENCH_EMBEDDED === '1';
const dir = mkdtempSync(join(tmpdir(), 'bench-bulk-lock-proxy-'));
const instance = demoInstance(join(dir, 'instance'), FIELDS, (line) => console.error(line));
const upstream = await startProductionLikeUpstream({
  store: instance.stores.fields,
  token: INSTANCE_TOKEN,
  latencyMs: [low, high],
  unstableTies: true,
  windowed: true,
});
const db = new Database(join(dir, 'journal.sqlite'));
const server = embedded
  ? await startTestServer({ instance: generateDemoInstance({ fields: FIELDS }), withJournal: true })
  : undefined;
const proxy =
  server?.app ??
  (await buildServer({
    api: { kind: 'proxy', upstream: new URL(upstream.url), timeoutMs: 60_000 },
    journal: new JournalStore(db),
    failedAuthLimiter: new FailedAuthLimiter(1000),
  }));
const fields = server?.stores.fields ?? instance.stores.fields;

const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await proxy.inject({
    method,
    url,
    headers: {
      [TOKEN_HEADER]: embedded ? TEST_TOKEN : INSTANCE_TOKEN,
      'content-type': 'application/json',
    },
    ...(payload === undefined ? {} : { payload }),
  });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.body.slice(0, 300)}`);
  return response.json<T>();
};
const print = (figures: Record<string, unknown>) =>
  console.log(JSON.stringify({ ...figures, load: loadavg()[0]!.toFixed(1) }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countOf = (requests: readonly UpstreamRequest[]) => ({
  reads: requests.filter((request) => request.method === 'GET').length,
  bulkCalls: requests.filter((request) => request.url === apiPaths.bulkTemplate).length,
  other: requests.filter(
    (request) => request.method !== 'GET' && request.url !== apiPaths.bulkTemplate,
  ).length,
});

const ids: number[] = [];
for (let id = 1; ids.length < LOCKS && id <= FIELDS * 2; id += 1) {
  if (fields.getField(id)?.locked === false) ids.push(id);
}

/** A dry run of `locked` on every field, confirmed: the figures of each step. */
async function run(locked: boolean, cancelAfterMs?: number) {
  const kind = locked ? 'lock' : 'unlock';
  const items = ids.map((id) => ({ id, change: { update: { locked } } }));
  const planFrom = Date.now();
  const plan = await call<KeptPlan>('POST', journalPaths.plans, { kind, items });
  print({ step: `${kind} dry run`, fields: plan.counts.change, ms: Date.now() - planFrom });
  const from = upstream.requests.length;
  const confirmed = Date.now();
  const started = await call<ChangeSetSummary>('POST', journalPaths.changeSets, {
    planId: plan.id,
  });
  const startedMs = Date.now() - confirmed;
  let cancelledAt: number | undefined;
  let lastMove = Date.now();
  let longestStillMs = 0;
  let moves = 0;
  let done = started.counts.total - started.counts.pending;
  let firstMoveMs: number | undefined;
  for (;;) {
    await sleep(POLL_MS);
    if (cancelAfterMs !== undefined && cancelledAt === undefined) {
      if (Date.now() - confirmed >= cancelAfterMs) {
        cancelledAt = Date.now();
        await call('POST', journalPaths.cancel(started.id), {});
      }
    }
    const summary = await call<ChangeSetSummary>('GET', journalPaths.summary(started.id));
    const now = summary.counts.total - summary.counts.pending;
    if (now !== done || summary.state !== 'running') {
      longestStillMs = Math.max(longestStillMs, Date.now() - lastMove);
      lastMove = Date.now();
      firstMoveMs ??= Date.now() - confirmed;
      moves += 1;
      done = now;
    }
    if (summary.state !== 'running') {
      print({
        step: `${kind} confirmed`,
        state: summary.state,
        counts: summary.counts,
        confirmToStartedMs: startedMs,
        confirmToFirstMoveMs: firstMoveMs,
        confirmToEndMs: Date.now() - confirmed,
        longestWithoutProgressMs: longestStillMs,
        progressMoves: moves,
        ...(cancelledAt === undefined ? {} : { cancelToStoppedMs: Date.now() - cancelledAt }),
        instanceRequests: countOf(upstream.requests.slice(from)),
      });
      return;
    }
  }
}

try {
  await run(true);
  await run(false, CANCEL_AFTER_MS);
} finally {
  await (server ? server.close() : proxy.close());
  db.close();
  await upstream.close();
  instance.close();
  rmSync(dir, { recursive: true, force: true });
}
