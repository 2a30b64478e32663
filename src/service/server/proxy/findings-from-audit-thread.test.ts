import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldsFindingsAnswer, FindingGroupsAnswer } from '../../../contract/audit';
import { AUDIT_BASE, findingFieldsAnswerSchema } from '../../../contract/audit';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import { searchResponseSchema } from '../../../contract/search';
import type { MergeGroup, WorkflowPreview } from '../../../contract/workflows';
import { workflowPaths } from '../../../contract/workflows';
import { computeFindings } from '../../audit/findings/compute-findings';
import type * as ComputeFindingsModule from '../../audit/findings/compute-findings';
import { loadFactsTable } from '../../audit/findings/load-facts';
import type * as LoadFactsModule from '../../audit/findings/load-facts';
import { openProxyAudit } from '../../audit/open-audit';
import type { OpenedAudit } from '../../audit/open-audit';
import { wholeIndex } from '../../audit/search/finding-index';
import type * as FindingIndexModule from '../../audit/search/finding-index';
import { findingsInstance } from '../../audit/test-support/findings-instance';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { importInstance } from '../../instance/import-instance';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { buildServer } from '../build-server';

// The real functions, watched on this thread only: the audit's worker runs its own copy
// (from the service bundle), so a call seen here is work done on the thread that
// answers requests (as in audit/view/snapshot-view.test.ts).
vi.mock('../../audit/findings/compute-findings', async (importOriginal) => {
  const original = await importOriginal<typeof ComputeFindingsModule>();
  return {
    ...original,
    computeFindings: vi.fn(original.computeFindings).mockName('computeFindings'),
  };
});
vi.mock('../../audit/findings/load-facts', async (importOriginal) => {
  const original = await importOriginal<typeof LoadFactsModule>();
  return { ...original, loadFactsTable: vi.fn(original.loadFactsTable).mockName('loadFactsTable') };
});
vi.mock('../../audit/search/finding-index', async (importOriginal) => {
  const original = await importOriginal<typeof FindingIndexModule>();
  return { ...original, wholeIndex: vi.fn(original.wholeIndex).mockName('wholeIndex') };
});
/** What makes the findings, or the index of every field, or reads every field's facts. */
const wholeSnapshotWork = [computeFindings, wholeIndex, loadFactsTable].map((f) => vi.mocked(f));

const TOKEN = 'instance-token-5678';
const NOW = Date.now();

let instance: TestServer;
let upstreamUrl: URL;
let auditFile: string;
const clock = { now: NOW };
const closers: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  instance = await startTestServer({ instance: findingsInstance });
  closers.push(() => instance.close());
  const upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TOKEN,
    sortsByLastModified: true,
  });
  closers.push(upstream.close);
  upstreamUrl = new URL(upstream.url);
  const dir = mkdtempSync(join(tmpdir(), 'cfm-findings-thread-'));
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  auditFile = join(dir, 'audit.sqlite');
});
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
beforeEach(() => {
  for (const work of wholeSnapshotWork) work.mockClear();
});

/** A proxy in front of the instance with its audit in `auditFile`, as a start opens it. */
async function startProxy() {
  const audit: OpenedAudit = openProxyAudit({
    file: auditFile,
    upstream: upstreamUrl,
    timeoutMs: 5000,
    concurrency: 4,
    keep: 5,
    refreshEveryMs: 5000,
    now: () => clock.now,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream: upstreamUrl, timeoutMs: 5000 },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 5 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  const close = async () => {
    await app.close();
    await audit.close();
  };
  closers.push(close);
  const ask = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const answer = await app.inject({
      method,
      url,
      headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<unknown>();
  };
  const search = async (body: Record<string, unknown>) =>
    searchResponseSchema.parse(
      await ask('POST', apiPaths.search, {
        filters: [],
        sort: { field: 'name', ascending: true },
        limit: 50,
        ...body,
      }),
    );
  return { audit, ask, search, close };
}

type Proxy = Awaited<ReturnType<typeof startProxy>>;

const ids = (answer: { results: Array<{ id: number }> }) => answer.results.map((field) => field.id);

describe('in proxy mode, what needs the findings asks the audit thread for them', () => {
  let proxy: Proxy;
  let duplicatesKey: string;
  beforeAll(async () => {
    proxy = await startProxy();
    proxy.audit.service.startScan(TOKEN);
    await proxy.audit.service.scansSettled();
    expect(proxy.audit.service.latestScan()?.state).toBe('complete');
    // The first search after the scan, and its first refresh, which finds nothing changed.
    expect((await proxy.search({})).totalHits).toBe(18);
    const groups = (await proxy.ask(
      'GET',
      `${AUDIT_BASE}/findings/exact-duplicates/groups`,
    )) as FindingGroupsAnswer;
    duplicatesKey = groups.groups[0]!.key;
  });

  it('a search after a refresh saw a field renamed on the instance', async () => {
    const renamed = {
      ...findingsInstance.fields[12]!,
      name: 'Dup Three',
      expression: 'SUM(`Amount`)',
      lastModified: clock.now,
    };
    expect(
      importInstance(instance.stores.fields, { ...findingsInstance, fields: [renamed] }),
    ).toMatchObject({ refusals: [] });
    clock.now += 5000;

    // A filter the instance lacks, answered from the audit's copy with the findings' references.
    const found = await proxy.search({ name: 'dup', filters: [{ field: 'ondataset' }] });

    expect(ids(found)).toEqual([10, 13, 11]);
    for (const work of wholeSnapshotWork) expect(work).not.toHaveBeenCalled();
    const drilled = findingFieldsAnswerSchema.parse(
      await proxy.ask('POST', `${AUDIT_BASE}/findings/exact-duplicates/fields`, {
        filters: [],
        sort: { field: 'id', ascending: true },
        limit: 50,
        group: duplicatesKey,
      }),
    );
    expect(ids(drilled)).toEqual([10, 11, 13]);
    for (const work of wholeSnapshotWork) expect(work).not.toHaveBeenCalled();
  });

  it('a search right after a change made through the proxy, before the next refresh', async () => {
    await proxy.ask('PUT', apiPaths.template(15), { name: 'Uses Profit Z' });

    const found = await proxy.search({ name: 'profit z' });

    expect(ids(found)).toEqual([15]);
    for (const work of wholeSnapshotWork) expect(work).not.toHaveBeenCalled();
  });

  it('a workflow preview right after a change made through the proxy', async () => {
    await proxy.ask('PUT', apiPaths.template(12), { expression: 'SUM(`Amount`)' });

    const group = (await proxy.ask('POST', workflowPaths.mergeGroup, {
      group: { finding: 'exact-duplicates', key: duplicatesKey },
    })) as MergeGroup;

    expect(group.fields.map((field) => field.id)).toEqual([10, 11, 12, 13]);
    for (const work of wholeSnapshotWork) expect(work).not.toHaveBeenCalled();
  });

  it("an export's findings right after a change made through the proxy", async () => {
    await proxy.ask('PUT', apiPaths.template(16), { expression: 'SUM(`Amount`)' });

    const answer = (await proxy.ask('POST', `${AUDIT_BASE}/fields/findings`, {
      ids: [16],
    })) as FieldsFindingsAnswer;

    expect(answer.fields[0]!.findings.map((finding) => finding.key)).toContain('exact-duplicates');
    for (const work of wholeSnapshotWork) expect(work).not.toHaveBeenCalled();
  });

  it('a search and a workflow preview right after a restart', async () => {
    await proxy.close();
    const restarted = await startProxy();
    restarted.audit.service.begin({ firstScan: false });
    clock.now += 5000;

    const [found, plan] = await Promise.all([
      restarted.search({ filters: [{ field: 'invisualization' }] }),
      restarted.ask('POST', workflowPaths.cleanup, {}) as Promise<WorkflowPreview>,
    ]);

    for (const work of wholeSnapshotWork) expect(work).not.toHaveBeenCalled();
    expect(ids(found)).toEqual([9, 3]);
    const unused = findingFieldsAnswerSchema.parse(
      await restarted.ask('POST', `${AUDIT_BASE}/findings/unused/fields`, {
        filters: [],
        sort: { field: 'id', ascending: true },
        limit: 50,
      }),
    );
    expect(plan.items.map((item) => item.id)).toEqual(ids(unused));
    expect(ids(unused)).toContain(14);
  });
});
