import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import { searchResponseSchema } from '../../../contract/search';
import { searchRequestValidation } from '../../../contract/search-validation';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { buildServer } from '../../server/build-server';
import { equalNamesInstance } from '../../test-support/equal-names-instance';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import type { UpstreamRequest } from '../../test-support/production-like-upstream';
import { startTestServer } from '../../test-support/test-server';
import { UpstreamClient } from '../../upstream/upstream-client';
import { openProxyAudit } from '../open-audit';
import { UpstreamSource } from '../scan/upstream-source';
import { ListCopy } from './list-copy';

const TOKEN = 'instance-token-1234';
const FIELDS = 120;
const PAGE = 15;

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * An instance like production (ties shuffled on every call) whose fields share
 * few names and, seven at a time, their created time: every listing page and every
 * page by name cuts a run of equal keys.
 */
async function unstableInstance(
  options: { holdTemplates?: boolean; windowed?: boolean; failFirstListing?: boolean } = {},
) {
  const file = equalNamesInstance(FIELDS);
  const day = 86_400_000;
  const instance = await startTestServer({
    instance: {
      ...file,
      fields: file.fields.map((field, index) => ({
        ...field,
        created: Date.UTC(2025, 0, 1) + Math.floor(index / 7) * day,
      })),
    },
  });
  closers.push(() => instance.close());
  let listingFailed = false;
  const upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TOKEN,
    unstableTies: true,
    windowed: options.windowed,
    intercept: (request) => {
      if (options.failFirstListing && isListing(request) && !listingFailed) {
        listingFailed = true;
        return { status: 403, body: '{}' };
      }
      // The scan waits on every template: the first scan stays running.
      return options.holdTemplates &&
        request.method === 'GET' &&
        request.url.includes('/functions/template/')
        ? { status: 429, body: '{}', headers: { 'retry-after': '60' } }
        : undefined;
    },
  });
  closers.push(upstream.close);
  return upstream;
}

const byName = (offset: number) =>
  searchRequestValidation.parse({
    filters: [],
    sort: { field: 'name', ascending: true },
    limit: PAGE,
    offset,
  });

function expectEachOnce(ids: number[]) {
  expect(ids).toHaveLength(FIELDS);
  expect(new Set(ids).size).toBe(FIELDS);
}

/** A page of the listing that scans and the list copy make (sorted by created). */
const isListing = (request: UpstreamRequest) =>
  request.url.endsWith('/functions/search') && JSON.parse(request.body).sort?.field === 'created';

/**
 * A proxy and its audit in front of the instance; its first scan never completes
 * unless `scanCompletes`.
 */
async function proxyInFront(
  firstSearchWaitsMs: number,
  options: { failFirstListing?: boolean; scanCompletes?: boolean } = {},
) {
  const upstream = await unstableInstance({
    holdTemplates: !options.scanCompletes,
    failFirstListing: options.failFirstListing,
  });
  const dir = mkdtempSync(join(tmpdir(), 'cfm-list-copy-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const upstreamUrl = new URL(upstream.url);
  const audit = openProxyAudit({
    file: join(dir, 'audit.sqlite'),
    upstream: upstreamUrl,
    timeoutMs: 5000,
    concurrency: 4,
    keep: 5,
    refreshEveryMs: 5000,
    firstSearchWaitsMs,
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
  const page = async (offset: number, filters: unknown[] = []) => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.search,
      headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      payload: { filters, sort: { field: 'name', ascending: true }, limit: PAGE, offset },
    });
    expect(response.statusCode, response.body).toBe(200);
    return searchResponseSchema.parse(response.json());
  };
  const lock = (id: number) =>
    app.inject({
      method: 'PUT',
      url: apiPaths.template(id),
      headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      payload: { locked: true },
    });
  return { audit, page, lock, upstream };
}

describe('the list copy', () => {
  it('holds every field once, listed in pages that cut runs of equal created times, and pages by name in a total order', async () => {
    // As the benchmark's instance answers: only the page and the runs it cuts.
    const upstream = await unstableInstance({ windowed: true });
    const client = new UpstreamClient({
      upstream: new URL(upstream.url),
      token: TOKEN,
      timeoutMs: 5000,
    });
    const copy = new ListCopy(() => new UpstreamSource(client, 4, 10));
    copy.start(TOKEN, new AbortController().signal);
    await expect.poll(() => copy.ready, { timeout: 10_000 }).toBe(true);
    const ids: number[] = [];
    for (let offset = 0; offset < FIELDS; offset += PAGE) {
      const page = copy.search(byName(offset))!;
      expect(page.totalHits).toBe(FIELDS);
      ids.push(...page.results.map((json) => (JSON.parse(json) as { id: number }).id));
    }
    expectEachOnce(ids);
  });

  it('released while it lists, stops listing and keeps nothing', async () => {
    const upstream = await unstableInstance();
    const client = new UpstreamClient({
      upstream: new URL(upstream.url),
      token: TOKEN,
      timeoutMs: 5000,
    });
    const copy = new ListCopy(() => new UpstreamSource(client, 4, 10));
    copy.start(TOKEN, new AbortController().signal);
    copy.release();
    await copy.settled(10_000);
    expect(copy.ready).toBe(false);
    copy.start(TOKEN, new AbortController().signal);
    await copy.settled(10_000);
    expect(copy.ready).toBe(false);
  });

  it('answers the table through the proxy before the first scan completes, and says so', async () => {
    // The first search goes to the instance, as while a long listing runs.
    const { audit, page } = await proxyInFront(0);
    // The first search starts the scan and the listing, and is answered by the instance.
    expect((await page(0)).instanceData?.source).toBe('instance');
    await expect.poll(() => audit.service.listCopyReady(), { timeout: 10_000 }).toBe(true);
    const ids: number[] = [];
    for (let offset = 0; offset < FIELDS; offset += PAGE) {
      const answer = await page(offset);
      expect(answer.instanceData).toMatchObject({ source: 'snapshot', listedOnly: true });
      ids.push(...answer.results.map((field) => field.id));
    }
    expectEachOnce(ids);
    expect(audit.service.latestScan()).toBeUndefined();
  });

  it("a small instance's very first page is answered from the list copy", async () => {
    const { page } = await proxyInFront(3000);
    expect((await page(0)).instanceData).toMatchObject({ source: 'snapshot', listedOnly: true });
  });

  it("takes the first scan's listing, so the instance is listed once", async () => {
    const { audit, page, upstream } = await proxyInFront(3000);
    expect((await page(0)).instanceData).toMatchObject({ source: 'snapshot', listedOnly: true });
    await expect
      .poll(() => audit.service.runningScan()?.phase, { timeout: 10_000 })
      .toBe('reading');
    // 120 fields: one page of 5,000.
    expect(upstream.requests.filter(isListing)).toHaveLength(1);
  });

  it('lists on its own at the next search when the scan it took the listing from failed', async () => {
    const { audit, page } = await proxyInFront(3000, { failFirstListing: true });
    // The first scan failed on its first page: this search is the instance's to answer.
    expect((await page(0)).instanceData?.source).toBe('instance');
    expect(audit.service.runningScan()).toBeUndefined();
    expect((await page(0)).instanceData).toMatchObject({ source: 'snapshot', listedOnly: true });
  });

  it('is released once the first scan completes, whose snapshot then pages exactly', async () => {
    const { audit, page } = await proxyInFront(3000, { scanCompletes: true });
    expect((await page(0)).instanceData).toMatchObject({ source: 'snapshot', listedOnly: true });
    await audit.service.scansSettled();
    expect(audit.service.latestScan()).toBeDefined();

    expect(audit.service.listCopyReady()).toBe(false);
    const ids: number[] = [];
    for (let offset = 0; offset < FIELDS; offset += PAGE) {
      const answer = await page(offset);
      expect(answer.instanceData).toMatchObject({ source: 'snapshot' });
      expect(answer.instanceData).not.toHaveProperty('listedOnly');
      ids.push(...answer.results.map((field) => field.id));
    }
    expectEachOnce(ids);
  });

  it('shows a lock made through the proxy at once', async () => {
    const { page, lock } = await proxyInFront(3000);
    expect((await page(0, [{ field: 'locked' }])).results).toEqual([]);
    expect((await lock(5)).statusCode).toBe(200);
    const locked = await page(0, [{ field: 'locked' }]);
    expect(locked.instanceData).toMatchObject({ listedOnly: true });
    expect(locked.results.map((field) => field.id)).toEqual([5]);
  });
});
