// A demo instance behind a production-like double (ties shuffled on every call,
// latency on every request, reading from its store only the page asked for), and
// the proxy with its audit in front of it, all in this one process: what the proxy
// benchmarks (exact-paging.ts, proxy-scan.ts) measure.
import { mkdirSync, rmSync } from 'node:fs';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import type { SearchResponse } from '../../src/contract/search';
import { openProxyAudit } from '../../src/service/audit/open-audit';
import { FailedAuthLimiter } from '../../src/service/auth/failed-auth-limiter';
import { generateDemoInstance } from '../../src/service/demo/generate-demo-instance';
import { importInstance } from '../../src/service/instance/import-instance';
import { buildServer } from '../../src/service/server/build-server';
import { openStore } from '../../src/service/store/open-store';
import { startProductionLikeUpstream } from '../../src/service/test-support/production-like-upstream';

export const INSTANCE_TOKEN = 'bench-instance-token-0123456789';

/** A demo instance's store in `dir`, made afresh. */
export function demoInstance(dir: string, fields: number, log: (line: string) => void) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`creating a demo instance of ${fields} fields`);
  const stores = openStore(`${dir}/instance.sqlite`);
  importInstance(stores.fields, generateDemoInstance({ fields }));
  return {
    stores,
    close() {
      stores.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ProxyOverInstance = Awaited<ReturnType<typeof startProxyOverInstance>>;

/** The double over `stores`, and a proxy in front of it with a new audit file. */
export async function startProxyOverInstance(options: {
  stores: ReturnType<typeof openStore>;
  auditFile: string;
  latencyMs: [number, number];
  scanConcurrency: number;
}) {
  rmSync(options.auditFile, { force: true });
  const upstream = await startProductionLikeUpstream({
    store: options.stores.fields,
    token: INSTANCE_TOKEN,
    latencyMs: options.latencyMs,
    unstableTies: true,
    // Reads only the page asked for: the figures are the proxy's, not this double's.
    windowed: true,
  });
  const upstreamUrl = new URL(upstream.url);
  const audit = openProxyAudit({
    file: options.auditFile,
    upstream: upstreamUrl,
    timeoutMs: 60_000,
    concurrency: options.scanConcurrency,
    keep: 2,
    refreshEveryMs: 5000,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream: upstreamUrl, timeoutMs: 60_000 },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 2 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  /** A 50-row page of the table sorted by name, as the browser asks for it. */
  const search = async (offset: number) => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.search,
      headers: { [TOKEN_HEADER]: INSTANCE_TOKEN, 'content-type': 'application/json' },
      payload: { filters: [], sort: { field: 'name', ascending: true }, limit: 50, offset },
    });
    if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}`);
    return response.json<SearchResponse>();
  };
  return {
    upstream,
    audit,
    search,
    async close() {
      await app.close();
      await audit.close();
      await upstream.close();
      rmSync(options.auditFile, { force: true });
    },
  };
}
