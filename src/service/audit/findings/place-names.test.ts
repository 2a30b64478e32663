import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FindingsAnswer } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { TOKEN_HEADER } from '../../../contract/paths';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { buildServer } from '../../server/build-server';
import { SALES } from '../../test-support/fixture-instance';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import { startTestServer } from '../../test-support/test-server';
import { openProxyAudit } from '../open-audit';

// A real instance has no directory extension: it names its data sources and cards
// only through production's names endpoints, which the scan asks when it completes.
const token = 'instance-token-for-place-names';
const closers: Array<() => Promise<void>> = [];
let findings: FindingsAnswer;
beforeAll(async () => {
  const instance = await startTestServer();
  closers.push(() => instance.close());
  const upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    directory: instance.stores.directory,
    token,
  });
  closers.push(upstream.close);
  const dir = mkdtempSync(join(tmpdir(), 'cfm-place-names-'));
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
  const response = await app.inject({
    method: 'GET',
    url: `${AUDIT_BASE}/findings`,
    headers: { [TOKEN_HEADER]: token },
  });
  findings = response.json();
});
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

it('names the data sources and cards of broken references by the names the instance gave', () => {
  const labels = findings.findings
    .find((finding) => finding.key === 'broken-references')!
    .groups.map((group) => group.label);
  expect(labels).toEqual(
    expect.arrayContaining([
      '`Profit` missing from data source Sales Orders',
      '`Region` missing from card Open Tickets',
    ]),
  );
});

it('names data sources by the names the instance gave, in the problems by data source', () => {
  expect(findings.dataSources.rows.find((row) => row.id === SALES)).toMatchObject({
    name: 'Sales Orders',
  });
});
