import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalculatedField } from '../../../contract/field';
import { apiPaths } from '../../../contract/paths';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import type { UpstreamRequest } from '../../test-support/production-like-upstream';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';
import { UpstreamClient } from '../../upstream/upstream-client';
import { openTestAudit } from '../test-support/audit-fixture';
import type { FieldSource } from './field-source';
import { StoreFileSource } from './store-file-source';
import { UpstreamSource } from './upstream-source';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function referenceService(instance?: unknown): Promise<TestServer> {
  const server = await startTestServer(instance === undefined ? {} : { instance });
  closers.push(() => server.close());
  return server;
}

type Intercept = Parameters<typeof startProductionLikeUpstream>[0]['intercept'];

async function productionLike(server: TestServer, intercept?: Intercept, unstableTies = true) {
  const upstream = await startProductionLikeUpstream({
    store: server.stores.fields,
    token: TEST_TOKEN,
    intercept,
    unstableTies,
  });
  closers.push(upstream.close);
  return upstream;
}

/** An audit that scans the instance at `url` the way proxy mode does. */
function proxyAudit(
  url: string,
  options: {
    pageSize?: number;
    concurrency?: number;
    /** What stands between the scan and its source (a test's slow field). */
    around?: (source: FieldSource) => FieldSource;
  } = {},
) {
  const around = options.around ?? ((source) => source);
  const audit = openTestAudit({
    instanceKey: url,
    needsCallerToken: true,
    loadDirectory: async () => undefined,
    openSource: (token, onWait) =>
      around(
        new UpstreamSource(
          new UpstreamClient({
            upstream: new URL(url),
            token: token ?? '',
            timeoutMs: 5000,
            retry: { baseDelayMs: 5, maxDelayMs: 20 },
            onWait,
          }),
          options.concurrency ?? 4,
          options.pageSize,
        ),
      ),
  });
  closers.push(audit.close);
  return audit;
}

function snapshotOf(
  audit: ReturnType<typeof openTestAudit>,
  scanId: number,
): Map<number, CalculatedField> {
  const versions = audit.store.members.versions(scanId);
  const bodies = audit.store.versions.bodies([...versions.values()]);
  return new Map([...versions].map(([id, version]) => [id, JSON.parse(bodies.get(version)!)]));
}

const templateReads = (requests: UpstreamRequest[]) =>
  requests
    .filter((request) => request.method === 'GET' && request.url.includes('/functions/template/'))
    .map((request) => Number(/template\/(\d+)/.exec(request.url)![1]));

describe('a scan through an instance', () => {
  it('gives the same snapshot as a scan of the embedded store behind it', async () => {
    const server = await referenceService();
    const embedded = openTestAudit({
      openSource: () => new StoreFileSource(server.dataFile),
      needsCallerToken: false,
      loadDirectory: async () => undefined,
    });
    closers.push(embedded.close);
    const proxied = proxyAudit(server.url);
    const fromStore = await embedded.scan();
    const fromInstance = await proxied.scan(TEST_TOKEN);
    expect(fromInstance.state).toBe('complete');
    expect(snapshotOf(proxied, fromInstance.id)).toEqual(snapshotOf(embedded, fromStore.id));
    expect(fromInstance.headline).toEqual(fromStore.headline);
  });

  it('reads each field with ?hidden=true, lists by a sort production accepts, and re-reads only what changed', async () => {
    const server = await referenceService();
    const upstream = await productionLike(server);
    const audit = proxyAudit(upstream.url);
    await audit.scan(TEST_TOKEN);
    expect(templateReads(upstream.requests).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 14 }, (_, index) => index + 1),
    );
    expect(
      upstream.requests
        .filter((request) => request.url.includes('/template/'))
        .every((request) => request.url.endsWith('?hidden=true')),
    ).toBe(true);
    const searches = upstream.requests.filter((request) =>
      request.url.endsWith('/functions/search'),
    );
    expect(searches.map((request) => JSON.parse(request.body).sort.field)).toEqual(['created']);

    upstream.requests.length = 0;
    await server.request('PUT', apiPaths.template(9), { locked: true });
    const second = await audit.scan(TEST_TOKEN);
    expect(templateReads(upstream.requests)).toEqual([9]);
    expect(snapshotOf(audit, second.id).get(9)!.locked).toBe(true);
  });

  it('waits as long as a 429 asks before trying again, and says so while waiting', async () => {
    const server = await referenceService();
    let throttled = 0;
    const answeredAt: number[] = [];
    const upstream = await productionLike(server, (request) => {
      answeredAt.push(Date.now());
      if (request.url.includes('/template/') && throttled < 2) {
        throttled += 1;
        return { status: 429, body: '{"message":"slow down"}', headers: { 'retry-after': '1' } };
      }
      return undefined;
    });
    const audit = proxyAudit(upstream.url, { concurrency: 1 });
    const messages: Array<string | undefined> = [];
    audit.service.onScanProgress((scan) => messages.push(scan.message));
    const scan = await audit.scan(TEST_TOKEN);
    expect(scan.state).toBe('complete');
    expect(scan.fields).toBe(14);
    expect(scan.progress.retries).toBe(2);
    expect(messages).toContain('the instance asked to slow down; waiting 1 s');
    // The request after each 429 came no sooner than Retry-After allowed.
    const templateTimes = upstream.requests
      .map((request, index) => ({ request, at: answeredAt[index]! }))
      .filter(({ request }) => request.url.includes('/template/'))
      .map(({ at }) => at);
    expect(templateTimes[1]! - templateTimes[0]!).toBeGreaterThanOrEqual(990);
    expect(templateTimes[2]! - templateTimes[1]!).toBeGreaterThanOrEqual(990);
  });

  it('backs off and tries again when the instance fails with 5xx or drops the connection', async () => {
    const server = await referenceService();
    let failures = 0;
    const upstream = await productionLike(server, (request) => {
      if (request.url.includes('/template/3') && failures < 3) {
        failures += 1;
        return failures === 2 ? 'drop' : { status: 503, body: '<html>Service Unavailable</html>' };
      }
      return undefined;
    });
    const audit = proxyAudit(upstream.url);
    const scan = await audit.scan(TEST_TOKEN);
    expect(scan).toMatchObject({ state: 'complete', fields: 14 });
    expect(scan.progress.retries).toBe(3);
    expect(templateReads(upstream.requests).filter((id) => id === 3)).toHaveLength(4);
  });

  it('fails with the status in words, never the token, when the instance keeps failing', async () => {
    const server = await referenceService();
    const upstream = await productionLike(server, (request) =>
      request.url.includes('/template/7')
        ? { status: 500, body: `{"message":"token ${TEST_TOKEN} broke"}` }
        : undefined,
    );
    const audit = proxyAudit(upstream.url);
    const scan = await audit.scan(TEST_TOKEN);
    expect(scan.state).toBe('failed');
    expect(scan.message).toBe('the instance answered 500 Internal Server Error 6 times in a row');
    expect(JSON.stringify(scan)).not.toContain(TEST_TOKEN);
    expect(audit.service.latestScan()).toBeUndefined();
  });

  it('stops at once when the instance refuses the token', async () => {
    const server = await referenceService();
    const upstream = await productionLike(server);
    const audit = proxyAudit(upstream.url);
    const scan = await audit.scan('not-the-token');
    expect(scan.state).toBe('failed');
    expect(scan.message).toBe('the instance refused the token (401 Unauthorized) while search');
    expect(upstream.requests).toHaveLength(1);
  });

  it('drops a field deleted since it was listed, and fails clearly on an instance without GET template', async () => {
    const server = await referenceService();
    const deleted = await productionLike(server, (request) =>
      request.url.startsWith('/api/query/v1/functions/template/6?')
        ? { status: 404, body: '{"status":404,"error":"Not Found"}' }
        : undefined,
    );
    const audit = proxyAudit(deleted.url, { concurrency: 1 });
    const scan = await audit.scan(TEST_TOKEN);
    expect(scan).toMatchObject({ state: 'complete', fields: 13 });
    expect(snapshotOf(audit, scan.id).has(6)).toBe(false);

    const withoutTemplate = await productionLike(server, (request) =>
      request.url.includes('/template/')
        ? { status: 404, body: '<html>Not Found</html>', headers: { 'content-type': 'text/html' } }
        : undefined,
    );
    const other = proxyAudit(withoutTemplate.url, { concurrency: 1 });
    const failed = await other.scan(TEST_TOKEN);
    expect(failed.state).toBe('failed');
    expect(failed.message).toContain('does not answer GET /functions/template/{id}');
  });

  it('the instance as last seen becomes what the next scan found: changed fields, and no field the instance no longer has', async () => {
    const server = await referenceService();
    let gone = false;
    const upstream = await productionLike(server, (request) =>
      gone && request.url.startsWith('/api/query/v1/functions/template/6?')
        ? { status: 404, body: '{"status":404,"error":"Not Found"}' }
        : undefined,
    );
    const audit = proxyAudit(upstream.url, { concurrency: 1 });
    await audit.scan(TEST_TOKEN);
    expect(audit.store.current.listingDigests().has(6)).toBe(true);

    // Changed, so the next scan reads it, and gone when read.
    server.stores.fields.setLocked(6, true, Date.now());
    gone = true;
    server.stores.fields.setLocked(3, true, Date.now());
    const scan = await audit.scan(TEST_TOKEN);
    expect(scan).toMatchObject({ state: 'complete', fields: 13 });
    expect(audit.store.current.changesSince(scan.id)).toBe(0);
    expect(audit.store.current.listingDigests().has(6)).toBe(false);
    expect(audit.service.view()!.facts().has(6)).toBe(false);
  });

  it('lists every field exactly once although the instance orders equal keys differently on each call', async () => {
    const day = 86_400_000;
    const fields = Array.from({ length: 40 }, (_, index) => ({
      id: index + 1,
      name: `Field ${index % 4}`,
      owner: 101,
      expression: '1 + 1',
      links: [],
      // Four fields share each created time: every page boundary falls inside a tie.
      created: Date.UTC(2025, 0, 1) + Math.floor(index / 4) * day,
      lastModified: Date.UTC(2025, 1, 1),
    }));
    const server = await referenceService({
      format: 'calculated-field-instance',
      version: 1,
      owners: [{ id: 101, name: 'Ada' }],
      dataSources: [],
      cards: [],
      fields,
    });
    const upstream = await productionLike(server);
    const audit = proxyAudit(upstream.url, { pageSize: 6 });
    const scan = await audit.scan(TEST_TOKEN);
    expect(scan.state).toBe('complete');
    expect([...snapshotOf(audit, scan.id).keys()]).toEqual(fields.map((field) => field.id));
    // One pass was enough: each page began where the previous one's last run of equal
    // keys began (offsets 0, 4, ..., 36), so no run was ever split between two answers.
    const offsets = upstream.requests
      .filter((request) => request.url.endsWith('/functions/search'))
      .map((request) => JSON.parse(request.body).offset);
    expect(offsets).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 32, 36]);
  });

  it('keeps every slot reading while one field is slow to answer', async () => {
    const server = await referenceService(generateDemoInstance({ fields: 150, seed: 3 }));
    const upstream = await productionLike(server);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const slowId = 1;
    let [inFlight, mostInFlight] = [0, 0];
    const audit = proxyAudit(upstream.url, {
      concurrency: 2,
      around: (source) => ({
        pageSize: source.pageSize,
        concurrency: source.concurrency,
        counters: source.counters,
        listPage: (offset, signal) => source.listPage(offset, signal),
        listingKey: (item) => source.listingKey(item),
        readField: async (id, signal) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          try {
            if (id === slowId) await released;
            return await source.readField(id, signal);
          } finally {
            inFlight -= 1;
          }
        },
      }),
    });
    const scanning = audit.scan(TEST_TOKEN);
    // The other slot reads every other field meanwhile, not only those asked for with the slow one.
    await vi.waitFor(() => expect(templateReads(upstream.requests)).toHaveLength(149), {
      timeout: 5000,
    });
    release();
    expect(await scanning).toMatchObject({ state: 'complete', fields: 150 });
    expect(mostInFlight).toBe(2);
  });

  it('asks nothing more once a field read failed the scan', async () => {
    const server = await referenceService(generateDemoInstance({ fields: 150, seed: 3 }));
    const upstream = await productionLike(server, (request) =>
      request.url.includes('/template/20?') ? { status: 403, body: '{"status":403}' } : undefined,
    );
    const audit = proxyAudit(upstream.url, { concurrency: 2 });
    const scan = await audit.scan(TEST_TOKEN);
    expect(scan.state).toBe('failed');
    const reads = upstream.requests.filter((request) => request.url.includes('/template/'));
    const refused = reads.find((request) => request.url.includes('/template/20?'))!;
    // The other slot's read in flight then, and nothing after it.
    const later = reads.filter((request) => request.receivedAt > refused.answeredAt!);
    expect(later.length).toBeLessThanOrEqual(1);
  });

  it('holds every read while the instance asks to slow down, not only the one it answered 429', async () => {
    const server = await referenceService(generateDemoInstance({ fields: 150, seed: 3 }));
    let throttled: UpstreamRequest | undefined;
    const upstream = await productionLike(server, (request) => {
      if (throttled || !request.url.includes('/template/')) return undefined;
      throttled = request;
      return { status: 429, body: '{}', headers: { 'retry-after': '1' } };
    });
    const audit = proxyAudit(upstream.url, { concurrency: 4 });
    expect(await audit.scan(TEST_TOKEN)).toMatchObject({ state: 'complete', fields: 150 });
    const askedWhileHeld = templateReads(
      upstream.requests.filter(
        (request) =>
          request.receivedAt > throttled!.answeredAt! &&
          request.receivedAt < throttled!.answeredAt! + 990,
      ),
    );
    // At most the reads already on their way when the 429 was answered.
    expect(askedWhileHeld.length).toBeLessThanOrEqual(3);
  });
});
