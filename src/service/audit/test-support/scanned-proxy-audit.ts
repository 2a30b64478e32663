import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { buildServer } from '../../server/build-server';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import { startTestServer } from '../../test-support/test-server';
import { openProxyAudit } from '../open-audit';

/**
 * A proxy in front of a production-like instance of the fixture (no directory extension:
 * names and users only through production's endpoints), its audit's first scan finished.
 */
export async function startScannedProxyAudit(
  token: string,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const closers: Array<() => Promise<void>> = [];
  const instance = await startTestServer();
  closers.push(() => instance.close());
  const upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    directory: instance.stores.directory,
    token,
  });
  closers.push(upstream.close);
  const dir = mkdtempSync(join(tmpdir(), 'cfm-proxy-audit-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const audit = openProxyAudit({
    file: join(dir, 'audit.sqlite'),
    upstream: new URL(upstream.url),
    timeoutMs: 5000,
    concurrency: 4,
    keep: 5,
    refreshEveryMs: 5000,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream: new URL(upstream.url), timeoutMs: 5000 },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 5 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  closers.push(async () => {
    await app.close();
    await audit.close();
  });
  audit.service.startScan(token);
  await audit.service.scansSettled();
  return {
    app,
    close: async () => {
      for (const close of closers.reverse()) await close();
    },
  };
}
