import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  AuditStatus,
  FindingsAnswer,
  Scan,
  SnapshotStatisticsAnswer,
} from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { buildServer } from '../../server/build-server';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import { startTestServer } from '../../test-support/test-server';
import { openProxyAudit } from '../open-audit';
import type { OpenedAudit } from '../open-audit';
import { findingsInstance } from '../test-support/findings-instance';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** An instance shaped like production with its own token, over the findings instance. */
async function instance(token: string) {
  const server = await startTestServer({ instance: findingsInstance });
  closers.push(() => server.close());
  const upstream = await startProductionLikeUpstream({ store: server.stores.fields, token });
  closers.push(upstream.close);
  return Object.assign(upstream, { store: server.stores.fields });
}

/** A proxy in front of `upstream`, with its audit in `auditFile`. */
async function proxy(upstream: string, auditFile: string) {
  const audit: OpenedAudit = openProxyAudit({
    file: auditFile,
    upstream: new URL(upstream),
    timeoutMs: 5000,
    concurrency: 4,
    keep: 10,
  });
  const app: FastifyInstance = await buildServer({
    api: { kind: 'proxy', upstream: new URL(upstream), timeoutMs: 5000 },
    audit: { service: audit.service, keep: 10 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await audit.close();
  };
  closers.push(close);
  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: {
        [TOKEN_HEADER]: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const scan = async (token: string): Promise<Scan> => {
    const started = (await (await call('POST', `${AUDIT_BASE}/scans`, token)).json()) as {
      scan: Scan;
    };
    await audit.service.scansSettled();
    return audit.service.scan(started.scan.id)!;
  };
  return { url, call, scan, audit, close };
}

function temporaryFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cfm-audit-proxy-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'audit.sqlite');
}

describe('the audit API in proxy mode', () => {
  it('asks the instance about a token it has not seen, and remembers the answer briefly', async () => {
    const upstream = await instance('token-of-a-123');
    const server = await proxy(upstream.url, temporaryFile());
    const refused = await server.call('GET', `${AUDIT_BASE}/status`, 'not-a-token-456');
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain('not-a-token-456');

    const checks = () =>
      upstream.requests.filter((request) => request.url.endsWith('/functions/search')).length;
    const status = await server.call('GET', `${AUDIT_BASE}/status`, 'token-of-a-123');
    expect(status.status).toBe(200);
    expect(((await status.json()) as AuditStatus).mode).toBe('proxy');
    const afterFirst = checks();
    await server.call('GET', `${AUDIT_BASE}/status`, 'token-of-a-123');
    expect(checks()).toBe(afterFirst);
  });

  it("scans with the caller's token, and keeps each instance's scans apart in one file", async () => {
    const a = await instance('token-of-a-123');
    const b = await instance('token-of-b-456');
    const file = temporaryFile();
    const proxyA = await proxy(a.url, file);
    const scan = await proxyA.scan('token-of-a-123');
    expect(scan).toMatchObject({ state: 'complete', fields: 18 });
    expect(
      (
        (await (
          await proxyA.call('GET', `${AUDIT_BASE}/findings`, 'token-of-a-123')
        ).json()) as FindingsAnswer
      ).headline.total,
    ).toBe(18);
    // Without the directory extension, the instance's ids stand in for names.
    const answer = (await (
      await proxyA.call('GET', `${AUDIT_BASE}/findings`, 'token-of-a-123')
    ).json()) as FindingsAnswer;
    expect(answer.columnsKnown).toBe(false);
    expect(answer.owners.rows[0]!.name).toBeUndefined();

    // One server at a time holds an audit file; the next one, for another instance, finds
    // the first instance's scans there and must not show them.
    await proxyA.close();
    const proxyB = await proxy(b.url, file);
    expect((await proxyB.call('GET', `${AUDIT_BASE}/status`, 'token-of-a-123')).status).toBe(401);
    const statusB = (await (
      await proxyB.call('GET', `${AUDIT_BASE}/status`, 'token-of-b-456')
    ).json()) as AuditStatus;
    expect(statusB.latestScan).toBeUndefined();
    expect((await proxyB.call('GET', `${AUDIT_BASE}/findings`, 'token-of-b-456')).status).toBe(404);
    expect(
      (await proxyB.call('GET', `${AUDIT_BASE}/scans/${scan.id}`, 'token-of-b-456')).status,
    ).toBe(404);
    expect(
      (
        (await (await proxyB.call('GET', `${AUDIT_BASE}/scans`, 'token-of-b-456')).json()) as {
          scans: Scan[];
        }
      ).scans,
    ).toEqual([]);
  });

  it('a lock through the proxy shows in the findings at once', async () => {
    const upstream = await instance('token-of-a-123');
    const server = await proxy(upstream.url, temporaryFile());
    await server.scan('token-of-a-123');
    const locked = await server.call('PUT', apiPaths.template(10), 'token-of-a-123', {
      locked: true,
    });
    expect(locked.status).toBe(200);
    expect(((await locked.json()) as { locked: boolean }).locked).toBe(true);
    const status = (await (
      await server.call('GET', `${AUDIT_BASE}/status`, 'token-of-a-123')
    ).json()) as AuditStatus;
    expect(status.changesSinceScan).toBe(1);
    const answer = (await (
      await server.call('GET', `${AUDIT_BASE}/findings`, 'token-of-a-123')
    ).json()) as FindingsAnswer;
    expect(answer.headline.locked).toBe(2);
  });

  it('counts the statistics over the snapshot as the store itself does, and keeps them current', async () => {
    const upstream = await instance('token-of-a-123');
    const server = await proxy(upstream.url, temporaryFile());
    const statistics = async () =>
      (
        await server.call('GET', `${AUDIT_BASE}/statistics`, 'token-of-a-123')
      ).json() as Promise<SnapshotStatisticsAnswer>;
    const before = await server.call('GET', `${AUDIT_BASE}/statistics`, 'token-of-a-123');
    expect(before.status).toBe(404);

    const scan = await server.scan('token-of-a-123');
    const answer = await statistics();
    expect(answer.statistics).toEqual(upstream.store.statistics());
    expect(answer.statistics.onDatasets).toBeGreaterThan(0);
    expect(answer.statistics.onCards).toBeGreaterThan(0);
    expect(answer.statistics.inVisualizations).toBeGreaterThan(0);
    expect(answer).toMatchObject({ scanFinished: scan.finished, changesSinceScan: 0 });

    await server.call('PUT', apiPaths.template(10), 'token-of-a-123', { locked: true });
    const after = await statistics();
    expect(after.statistics).toEqual(upstream.store.statistics());
    expect(after.statistics.locked).toBe(answer.statistics.locked + 1);
    expect(after.changesSinceScan).toBe(1);
  });
});
