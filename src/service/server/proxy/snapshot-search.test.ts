import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import type { SearchResponse } from '../../../contract/search';
import { searchResponseSchema } from '../../../contract/search';
import { openProxyAudit } from '../../audit/open-audit';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { importInstance } from '../../instance/import-instance';
import { equalNamesInstance } from '../../test-support/equal-names-instance';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import { startTestServer } from '../../test-support/test-server';
import { buildServer } from '../build-server';
import { computeFindings } from '../../audit/findings/compute-findings';
import type * as ComputeFindingsModule from '../../audit/findings/compute-findings';
import { wholeIndex } from '../../audit/search/finding-index';
import type * as FindingIndexModule from '../../audit/search/finding-index';

// The real functions, watched: whether the findings or the copy's index are made again.
vi.mock('../../audit/findings/compute-findings', async (importOriginal) => {
  const original = await importOriginal<typeof ComputeFindingsModule>();
  return { ...original, computeFindings: vi.fn(original.computeFindings) };
});
vi.mock('../../audit/search/finding-index', async (importOriginal) => {
  const original = await importOriginal<typeof FindingIndexModule>();
  return { ...original, wholeIndex: vi.fn(original.wholeIndex) };
});

const TOKEN = 'instance-token-1234';
const FIELDS = 120;
const PAGE = 15;

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * A proxy with its audit in front of an instance shaped like production (ties on
 * names shuffled on every call, latency, foreign error bodies) over FIELDS fields
 * with few names. The refresher's clock is the test's.
 */
async function proxyOfProductionLikeInstance(options: { sortsByLastModified?: boolean } = {}) {
  const instance = await startTestServer({ instance: equalNamesInstance(FIELDS) });
  closers.push(() => instance.close());
  const deleted = new Set<number>();
  const upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TOKEN,
    latencyMs: [1, 4],
    sortsByLastModified: options.sortsByLastModified ?? true,
    deleted,
  });
  closers.push(upstream.close);
  const dir = mkdtempSync(join(tmpdir(), 'cfm-snapshot-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const clock = { now: Date.now() };
  const upstreamUrl = new URL(upstream.url);
  const audit = openProxyAudit({
    file: join(dir, 'audit.sqlite'),
    upstream: upstreamUrl,
    timeoutMs: 5000,
    concurrency: 4,
    keep: 5,
    refreshEveryMs: 5000,
    // The first search goes to the instance, as while a long listing runs.
    firstSearchWaitsMs: 0,
    now: () => clock.now,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream: upstreamUrl, timeoutMs: 5000 },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 5 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  closers.push(async () => {
    await app.close();
    await audit.close();
  });
  const search = async (body: Record<string, unknown>, token = TOKEN) => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.search,
      headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
      payload: { filters: [], sort: { field: 'name', ascending: true }, limit: PAGE, ...body },
    });
    return response;
  };
  const page = async (body: Record<string, unknown>): Promise<SearchResponse> => {
    const response = await search(body);
    expect(response.statusCode, response.body).toBe(200);
    return searchResponseSchema.parse(response.json());
  };
  /** Every page in one direction: the ids in the order shown. */
  const pageThrough = async (ascending: boolean): Promise<number[]> => {
    const ids: number[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const answer = await page({ sort: { field: 'name', ascending }, offset });
      expect(answer.instanceData?.source).toBe('snapshot');
      ids.push(...answer.results.map((field) => field.id));
      if (!answer.hasMore) return ids;
    }
  };
  /** Starts the first scan with a search, as the table's first page does, and waits for it. */
  const firstScan = async () => {
    const first = await page({});
    expect(first.instanceData).toEqual({ source: 'instance', firstScanRunning: true });
    await audit.service.scansSettled();
    expect(audit.service.latestScan()?.state).toBe('complete');
  };
  const lock = (id: number, locked: boolean) =>
    app.inject({
      method: 'PUT',
      url: apiPaths.template(id),
      headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      payload: { locked },
    });
  return { instance, upstream, deleted, audit, clock, search, page, pageThrough, firstScan, lock };
}

function expectEachOnce(ids: number[], count: number) {
  expect(ids).toHaveLength(count);
  expect(new Set(ids).size).toBe(count);
}

type Proxy = Awaited<ReturnType<typeof proxyOfProductionLikeInstance>>;

// One instance and proxy for the whole describe (a scan costs seconds on a busy
// machine): the tests run in order, and each changes fields no other test reads.
describe('searches through the proxy, answered from the snapshot of the instance', () => {
  let proxy: Proxy;
  beforeAll(async () => {
    proxy = await proxyOfProductionLikeInstance();
    await proxy.firstScan();
  });

  it('pages through every field exactly once by name in both directions, in a total order', async () => {
    const ascending = await proxy.pageThrough(true);
    const descending = await proxy.pageThrough(false);
    expectEachOnce(ascending, FIELDS);
    expectEachOnce(descending, FIELDS);
    // Equal names break on id, so one direction is the other reversed.
    expect(descending).toEqual([...ascending].reverse());
    // The same paging straight from the instance repeats and skips fields.
    const direct: number[] = [];
    for (let offset = 0; offset < FIELDS; offset += PAGE) {
      const response = await fetch(`${proxy.upstream.url}${apiPaths.search}`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({
          filters: [],
          sort: { field: 'name', ascending: true },
          limit: PAGE,
          offset,
        }),
      });
      direct.push(...((await response.json()) as SearchResponse).results.map((field) => field.id));
    }
    expect(new Set(direct).size).toBeLessThan(FIELDS);
  });

  it('shows a change made on the instance after the next refresh, and says as of when', async () => {
    const before = await proxy.page({ filters: [{ field: 'locked' }] });
    expect(before.totalHits).toBe(0);
    // Another client of the instance locks a field.
    proxy.instance.stores.fields.setLocked(17, true, Date.now());
    proxy.clock.now += 5000;
    const after = await proxy.page({ filters: [{ field: 'locked' }] });
    expect(after.results.map((field) => field.id)).toEqual([17]);
    expect(after.instanceData).toMatchObject({ source: 'snapshot', refreshEveryMs: 5000 });
    const asOf = after.instanceData?.source === 'snapshot' ? after.instanceData.asOf : 0;
    expect(asOf).toBe(proxy.clock.now);
    // Within the refresh interval the instance is not asked again.
    const searches = () =>
      proxy.upstream.requests.filter((request) => request.url.endsWith('/search')).length;
    const asked = searches();
    await proxy.page({});
    expect(searches()).toBe(asked);
  });

  it('shows a lock made through the proxy at once, without a refresh', async () => {
    const put = await proxy.lock(33, true);
    expect(put.statusCode, put.body).toBe(200);
    const asked = proxy.upstream.requests.length;
    const after = await proxy.page({ filters: [{ field: 'locked' }] });
    expect(after.results.map((field) => field.id)).toEqual([17, 33]);
    expect(proxy.upstream.requests.length).toBe(asked);
  });

  it('moves just the locked field in the copy: nothing is computed again for the next search', async () => {
    const computedAgain = [vi.mocked(computeFindings), vi.mocked(wholeIndex)];
    for (const spy of computedAgain) spy.mockClear();
    {
      expect((await proxy.lock(33, false)).statusCode).toBe(200);
      expect((await proxy.lock(64, true)).statusCode).toBe(200);
      const locked = await proxy.page({ filters: [{ field: 'locked' }] });
      expect(locked.results.map((field) => field.id).sort((a, b) => a - b)).toEqual([17, 64]);
      const unlocked = await proxy.page({ filters: [{ field: 'notlocked' }], limit: 200 });
      expect(unlocked.totalHits).toBe(FIELDS - 2);
      expect(unlocked.results.map((field) => field.id)).toContain(33);
      // The lock moved each field's lastModified: newest first is the last one changed.
      const newest = await proxy.page({ sort: { field: 'lastModified', ascending: false } });
      expect(newest.results.slice(0, 2).map((field) => field.id)).toEqual([64, 33]);
      for (const spy of computedAgain) expect(spy).not.toHaveBeenCalled();
    }
  });

  it('takes a rename seen by a refresh, which no lock explains, into the names it searches', async () => {
    const instance = equalNamesInstance(FIELDS);
    const renamed = { ...instance.fields[49]!, name: 'Zebra crossing', lastModified: Date.now() };
    const { refusals } = importInstance(proxy.instance.stores.fields, {
      ...instance,
      fields: [renamed],
    });
    expect(refusals).toEqual([]);
    proxy.clock.now += 5000;
    const found = await proxy.page({ name: 'zebra' });
    expect(found.results.map((field) => field.id)).toEqual([50]);
  });

  it('orders full-width letters and characters beyond U+FFFF as the embedded store does', async () => {
    const instance = equalNamesInstance(FIELDS);
    const renamed = [
      { ...instance.fields[60]!, name: '📈 Growth', lastModified: Date.now() },
      { ...instance.fields[61]!, name: 'Ｒevenue', lastModified: Date.now() },
    ];
    const { refusals } = importInstance(proxy.instance.stores.fields, {
      ...instance,
      fields: renamed,
    });
    expect(refusals).toEqual([]);
    proxy.clock.now += 5000;
    await proxy.page({});
    const embedded = proxy.instance.stores.fields
      .search({
        name: '',
        filters: [],
        sort: { field: 'name', ascending: true },
        limit: 5000,
        offset: 0,
      })
      .results.map((json) => (JSON.parse(json) as { id: number }).id);
    expect(embedded.slice(-2)).toEqual([62, 61]);
    expect(await proxy.pageThrough(true)).toEqual(embedded);
  });

  it('drops a field the instance deleted once the sweep its count set off has run', async () => {
    proxy.deleted.add(42);
    proxy.clock.now += 5000;
    await proxy.page({});
    await proxy.audit.snapshot!.settled();
    const after = await proxy.page({ limit: 5000 });
    expect(after.totalHits).toBe(FIELDS - 1);
    expect(after.results.map((field) => field.id)).not.toContain(42);
  });

  it('answers a token the instance refuses with 401 and nothing of the snapshot', async () => {
    const refused = await proxy.search({ limit: 5000 }, 'not-the-instance-token');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('Revenue');
    expect(refused.body).not.toContain('not-the-instance-token');
    const missing = await proxy.search({}, '');
    expect(missing.statusCode).toBe(401);
  });

  it('refuses a search the contract refuses, before asking the instance', async () => {
    const asked = proxy.upstream.requests.length;
    const response = await proxy.search({ limit: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
    expect(proxy.upstream.requests.length).toBe(asked);
  });
});

describe('an instance without a lastModified sort', () => {
  it('keeps up with an instance that cannot sort by lastModified by sweeping', async () => {
    const proxy = await proxyOfProductionLikeInstance({ sortsByLastModified: false });
    await proxy.firstScan();
    proxy.instance.stores.fields.setLocked(5, true, Date.now());
    proxy.deleted.add(6);
    proxy.clock.now += 5000;
    await proxy.page({});
    await proxy.audit.snapshot!.settled();
    const after = await proxy.page({ limit: 5000 });
    const ids = after.results.map((field) => field.id);
    expect(ids).not.toContain(6);
    expect(after.results.find((field) => field.id === 5)?.locked).toBe(true);
    expect(after.instanceData).toMatchObject({ source: 'snapshot', refreshEveryMs: 60_000 });
    // Only the two requests that found the sort ignored asked for it.
    expect(
      proxy.upstream.requests.filter((request) => request.body.includes('"lastModified"')),
    ).toHaveLength(2);
  });
});

describe('before the first scan has completed', () => {
  it('refuses a sort or filter the instance does not know, rather than pass it on', async () => {
    const proxy = await proxyOfProductionLikeInstance();
    const searchesSent = () =>
      proxy.upstream.requests.filter((request) => request.url.endsWith('/functions/search'));

    // Both at once: the list copy the first one starts answers filters once it is read
    // (docs/proxy.md), which on a fast machine can be before a second search.
    const [byId, onDataset] = await Promise.all([
      proxy.search({ sort: { field: 'id', ascending: true } }),
      proxy.search({ filters: [{ field: 'ondataset' }] }),
    ]);
    expect(byId.statusCode).toBe(409);
    expect(byId.json().message).toMatch(/^the sort by id can be answered once .*first scan/);
    expect(onDataset.statusCode).toBe(409);
    expect(onDataset.json().message).toMatch(/^the filter ondataset can be/);
    expect(searchesSent().filter((request) => /"id"|ondataset/.test(request.body))).toEqual([]);

    // The refused search still started the first scan; once complete, the copy answers it.
    await proxy.audit.service.scansSettled();
    expect(proxy.audit.service.latestScan()?.state).toBe('complete');
    const afterScan = await proxy.page({ sort: { field: 'id', ascending: true } });
    expect(afterScan.instanceData?.source).toBe('snapshot');
    const ids = afterScan.results.map((field) => field.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
