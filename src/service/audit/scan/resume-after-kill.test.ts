// kill -9 while a scan reads an instance: the next start picks the same scan up
// where it stopped, instead of starting over, and completes it.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scan } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import { startServiceProcess } from '../../test-support/service-process';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';

// Big enough that the scan is well under way, and far from done, when it is killed;
// each field is read through the slowed instance, so no bigger.
const fieldCount = 150;
const killAfterRead = 40;

let dir: string;
let reference: TestServer;
let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-resume-'));
  reference = await startTestServer({ instance: generateDemoInstance({ fields: fieldCount }) });
  // Slow enough that the scan is well under way, and far from done, when it is killed.
  upstream = await startProductionLikeUpstream({
    store: reference.stores.fields,
    token: TEST_TOKEN,
    latencyMs: [15, 25],
  });
});
afterAll(async () => {
  await upstream.close();
  await reference.close();
  rmSync(dir, { recursive: true, force: true });
});

const templateReads = () =>
  upstream.requests
    .filter((request) => request.url.includes('/functions/template/'))
    .map((request) => Number(/template\/(\d+)/.exec(request.url)![1]));

async function scanOf(url: string, id: number): Promise<Scan> {
  const response = await fetch(`${url}${AUDIT_BASE}/scans/${id}`);
  return ((await response.json()) as { scan: Scan }).scan;
}

/**
 * Asks for the scan until `reached` holds. A short pause between the questions: asked
 * back to back, they cost the server and the test more CPU than the scan itself.
 */
async function scanWhen(url: string, id: number, reached: (scan: Scan) => boolean) {
  for (;;) {
    const scan = await scanOf(url, id);
    if (reached(scan)) return scan;
    await pause(20);
  }
}

describe('kill -9 during a scan', () => {
  it('resumes the same scan at the next start and reads only what was not read before', async () => {
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, TEST_TOKEN);
    chmodSync(tokenFile, 0o600);
    const auditFile = join(dir, 'audit.sqlite');
    const args = [
      '--upstream',
      upstream.url,
      '--upstream-token-file',
      tokenFile,
      '--audit-data',
      auditFile,
      '--scan-concurrency',
      '2',
    ];
    const first = startServiceProcess(args);
    const { url } = await first.ready;
    const started = (await (
      await fetch(`${url}${AUDIT_BASE}/scans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { scan: Scan };
    await scanWhen(url, started.scan.id, (scan) => scan.progress.read >= killAfterRead);
    first.child.kill('SIGKILL');
    await first.stopped;
    const readBeforeKill = new Set(templateReads());
    expect(readBeforeKill.size).toBeLessThan(fieldCount);

    // What the killed process had committed: these must not be read again.
    const db = new Database(auditFile, { readonly: true });
    const committed = db
      .prepare<[number], number>('SELECT field_id FROM scan_members WHERE scan_id = ?')
      .pluck()
      .all(started.scan.id);
    db.close();
    expect(committed.length).toBeGreaterThanOrEqual(killAfterRead);

    upstream.requests.length = 0;
    const second = startServiceProcess(args);
    const restarted = await second.ready;
    try {
      const scan = await scanWhen(restarted.url, started.scan.id, (s) => s.state !== 'running');
      expect(scan).toMatchObject({ id: started.scan.id, state: 'complete', fields: fieldCount });
      const readAfter = templateReads();
      expect(readAfter.filter((id) => committed.includes(id))).toEqual([]);
      expect(new Set([...readBeforeKill, ...readAfter]).size).toBe(fieldCount);
      expect(readAfter.length).toBeLessThan(fieldCount);
      const scans = (await (await fetch(`${restarted.url}${AUDIT_BASE}/scans`)).json()) as {
        scans: Scan[];
      };
      expect(scans.scans.map((entry) => entry.id)).toEqual([started.scan.id]);
    } finally {
      second.child.kill('SIGTERM');
      await second.stopped;
    }
    // Two server starts and a slowed instance: far longer than a unit test, and no part timed.
  }, 180_000);
});
