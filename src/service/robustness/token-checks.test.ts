// A proxy that holds no token asks the instance about each token it has not seen
// accepted. Guessed or bogus tokens must not turn that into a way to flood the
// instance: the failed-auth limit comes first, refusals are remembered, checks of
// one token are shared and only a few run at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_BASE } from '../../contract/audit';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { openProxyAudit } from '../audit/open-audit';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { buildServer, redactedLogPaths } from '../server/build-server';
import { startStubUpstream } from '../test-support/stub-upstream';
import type { StubAnswer } from '../test-support/stub-upstream';

const emptyPage = '{"totalHits":0,"results":[],"hasMore":false,"degraded":false}';
const acceptsOnly =
  (good: string) =>
  (request: { headers: Record<string, unknown> }): StubAnswer =>
    request.headers[TOKEN_HEADER.toLowerCase()] === good
      ? { status: 200, body: emptyPage }
      : { status: 401, body: '{"message":"bad token"}' };

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function proxyBefore(
  answer: (request: { headers: Record<string, unknown> }) => StubAnswer,
  options: { limiter?: FailedAuthLimiter; tokenTrustMs?: number } = {},
) {
  const stub = await startStubUpstream(answer);
  closers.push(stub.close);
  const dir = mkdtempSync(join(tmpdir(), 'cfm-token-checks-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const audit = openProxyAudit({
    file: join(dir, 'audit.sqlite'),
    upstream: new URL(stub.url),
    timeoutMs: 5000,
    concurrency: 2,
    keep: 5,
  });
  closers.push(audit.close);
  const log: string[] = [];
  const app = await buildServer({
    api: { kind: 'proxy', upstream: new URL(stub.url), timeoutMs: 5000 },
    audit: { service: audit.service, keep: 5 },
    failedAuthLimiter: options.limiter ?? new FailedAuthLimiter(20, 60_000),
    tokenTrustMs: options.tokenTrustMs,
    logger: {
      level: 'info',
      redact: redactedLogPaths,
      stream: new Writable({
        write(chunk, _encoding, done) {
          log.push(String(chunk));
          done();
        },
      }),
    },
  });
  closers.push(() => app.close());
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const read = async (path: string, token: string) => {
    const response = await fetch(`${url}${path}`, { headers: { [TOKEN_HEADER]: token } });
    await response.arrayBuffer();
    return response;
  };
  return { stub, read, log };
}

const auditStatus = `${AUDIT_BASE}/status`;

describe('checking tokens with the instance', () => {
  it('asks no more than the failed-auth limit allows about guessed tokens', async () => {
    const { stub, read } = await proxyBefore(acceptsOnly('good'));
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await read(auditStatus, `guess-${i}`)).status);
    expect(stub.requests).toHaveLength(20);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
  });

  it('counts a check the instance could not answer (its 429, its 502) as a failure', async () => {
    for (const status of [429, 502]) {
      const { stub, read } = await proxyBefore(() => ({ status, body: '{"message":"busy"}' }));
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) statuses.push((await read(auditStatus, `guess-${i}`)).status);
      expect(stub.requests.length, `instance answering ${status}`).toBe(20);
      expect(statuses.slice(0, 20).every((answered) => answered === 502)).toBe(true);
      expect(statuses.slice(20).every((answered) => answered === 429)).toBe(true);
    }
  });

  it('asks once for 200 parallel requests with one bogus token, and remembers the refusal', async () => {
    const { stub, read } = await proxyBefore(acceptsOnly('good'), {
      limiter: new FailedAuthLimiter(10_000, 60_000),
    });
    for (const path of [auditStatus, apiPaths.statistics]) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => read(path, 'bogus-token')),
      );
      expect(answers.every((answer) => answer.status === 401)).toBe(true);
    }
    expect((await read(apiPaths.statistics, 'bogus-token')).status).toBe(401);
    expect(stub.requests).toHaveLength(1);
  });

  it('runs only a few checks at once and asks the rest to retry', async () => {
    const { stub, read } = await proxyBefore(() => ({ status: 401, body: '{}', delayMs: 1500 }), {
      limiter: new FailedAuthLimiter(10_000, 60_000),
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => read(auditStatus, `guess-${i}`)),
    );
    expect(stub.requests.length).toBeLessThanOrEqual(8);
    const busy = answers.filter((answer) => answer.status === 429);
    expect(busy.length).toBeGreaterThanOrEqual(32);
    expect(busy[0]!.headers.get('retry-after')).toBe('1');
  });

  it('logs a check the instance failed as a warning, without a stack', async () => {
    const { read, log } = await proxyBefore(() => ({ status: 503, body: '{}' }));
    expect((await read(auditStatus, 'some-token')).status).toBe(502);
    const lines = log.map((line) => JSON.parse(line) as { level: number; msg: string });
    const checked = lines.filter((line) => line.msg === 'token not checked');
    expect(checked).toHaveLength(1);
    expect(checked[0]!.level).toBe(40);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(log.join('')).not.toMatch(/"stack"|some-token/);
  });

  it('trusts an accepted token for the window set, and asks every time with a window of 0', async () => {
    for (const [tokenTrustMs, checks] of [
      [undefined, 1],
      [0, 3],
    ] as const) {
      const { stub, read } = await proxyBefore(acceptsOnly('good'), { tokenTrustMs });
      for (let i = 0; i < 3; i += 1) expect((await read(auditStatus, 'good')).status).toBe(200);
      expect(stub.requests, `trust ${tokenTrustMs}`).toHaveLength(checks);
    }
  });
});
