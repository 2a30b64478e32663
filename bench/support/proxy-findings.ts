// Proxy mode: how long the thread that answers requests is busy when a request needs
// the findings of a copy that changed (docs/proxy.md). A demo instance behind a
// production-like double in a process of its own (instance-double.ts), the proxy and
// its audit in this one; after the first scan, each step is measured on this thread:
// a search after a refresh saw a field renamed on the instance, a workflow preview
// right after a write through the proxy, and the first search after a restart.
// `npm run bench:audit -- proxy-findings`.
import { performance } from 'node:perf_hooks';
import { mkdirSync, rmSync } from 'node:fs';
import { AUDIT_BASE } from '../../src/contract/audit';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import { workflowPaths } from '../../src/contract/workflows';
import { openProxyAudit } from '../../src/service/audit/open-audit';
import { FailedAuthLimiter } from '../../src/service/auth/failed-auth-limiter';
import { buildServer } from '../../src/service/server/build-server';
import { startServer } from './processes';
import { INSTANCE_TOKEN } from './proxy-over-instance';

/** One step, as this thread lived it. */
export interface ThreadFigures {
  /** From the request sent to its answer. */
  wallMs: number;
  /** Of it, this thread busy (event loop utilization's active time). */
  busyMs: number;
  /** The longest this thread was held at once (a 1 ms timer's largest gap). */
  longestHoldMs: number;
}

async function onThisThread(work: () => Promise<unknown>): Promise<ThreadFigures> {
  // A timer that is late by as long as the thread was held.
  let lastTick = performance.now();
  let longestHoldMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestHoldMs = Math.max(longestHoldMs, now - lastTick);
    lastTick = now;
  }, 1);
  const before = performance.eventLoopUtilization();
  const started = performance.now();
  await work();
  const ended = performance.now();
  const { active } = performance.eventLoopUtilization(before);
  clearInterval(ticker);
  longestHoldMs = Math.max(longestHoldMs, ended - lastTick);
  const round = (value: number) => Math.round(value);
  return {
    wallMs: round(ended - started),
    busyMs: round(active),
    longestHoldMs: round(longestHoldMs),
  };
}

async function openProxy(upstream: URL, auditFile: string, clock: { now: number }) {
  const audit = openProxyAudit({
    file: auditFile,
    upstream,
    timeoutMs: 60_000,
    concurrency: 16,
    keep: 2,
    refreshEveryMs: 5000,
    now: () => clock.now,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream, timeoutMs: 60_000 },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 2 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  const ask = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const answer = await app.inject({
      method,
      url,
      headers: { [TOKEN_HEADER]: INSTANCE_TOKEN, 'content-type': 'application/json' },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    return answer.json<unknown>();
  };
  /** A 50-row page of the fields on a data source by name: a filter only the copy answers. */
  const search = () =>
    ask('POST', apiPaths.search, {
      filters: [{ field: 'ondataset' }],
      sort: { field: 'name', ascending: true },
      limit: 50,
    });
  /** The findings the audit page shows, once made: nothing left for the next step. */
  const settled = async () => {
    await ask('GET', `${AUDIT_BASE}/findings`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  };
  return {
    audit,
    ask,
    search,
    settled,
    async close() {
      await app.close();
      await audit.close();
    },
  };
}

export async function measureProxyFindings(
  fields: number,
  log: (line: string) => void = console.log,
): Promise<Record<string, ThreadFigures>> {
  const dir = `bench/tmp/proxy-findings-${fields}`;
  log(`creating a demo instance of ${fields} fields`);
  const instance = await startServer('bench/support/instance-double.ts', [
    `${dir}/instance`,
    String(fields),
  ]);
  const upstreamUrl = new URL(instance.url);
  /** A change another client of the instance makes. */
  const renameOnInstance = async (id: number, name: string) => {
    const answer = await fetch(`${instance.url}${apiPaths.template(id)}`, {
      method: 'PUT',
      headers: { [TOKEN_HEADER]: INSTANCE_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (answer.status !== 200) throw new Error(`the instance answered ${answer.status}`);
  };
  mkdirSync(dir, { recursive: true });
  const auditFile = `${dir}/audit.sqlite`;
  rmSync(auditFile, { force: true });
  const clock = { now: Date.now() };
  let proxy = await openProxy(upstreamUrl, auditFile, clock);
  const figures: Record<string, ThreadFigures> = {};
  const step = async (name: string, work: () => Promise<unknown>) => {
    figures[name] = await onThisThread(work);
    log(`${name}: ${JSON.stringify(figures[name])}`);
  };
  try {
    log('the first scan');
    proxy.audit.service.startScan(INSTANCE_TOKEN);
    await proxy.audit.service.scansSettled();
    await step('first search after the first scan', proxy.search);
    await proxy.settled();

    await renameOnInstance(1, 'Renamed on the instance');
    clock.now += 5000;
    await step('search after a refresh saw a rename', proxy.search);
    await proxy.settled();

    await proxy.ask('PUT', apiPaths.template(2), { name: 'Renamed through the proxy' });
    await step('merge group right after a write through the proxy', () =>
      proxy.ask('POST', workflowPaths.mergeGroup, { fieldIds: [3, 4] }),
    );
    await proxy.settled();

    await proxy.close();
    proxy = await openProxy(upstreamUrl, auditFile, clock);
    proxy.audit.service.begin({ firstScan: false });
    clock.now += 5000;
    await step('first search after a restart', proxy.search);
    await proxy.settled();
  } finally {
    await proxy.close();
    await instance.stop();
    rmSync(auditFile, { force: true });
  }
  return figures;
}
