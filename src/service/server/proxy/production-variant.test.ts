import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatedFieldSchema } from '../../../contract/field';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import { searchResponseSchema } from '../../../contract/search';
import { searchPageSchema } from '../../../contract/search-page';
import { VARIANT_EXTRA_PROPERTY } from '../../../test-support/production-variant';
import { openProxyAudit } from '../../audit/open-audit';
import { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { startProductionLikeUpstream } from '../../test-support/production-like-upstream';
import { startTestServer } from '../../test-support/test-server';
import { buildServer } from '../build-server';

const TOKEN = 'instance-token-1234';
/** The fixture's field whose owner the variant instance sends as text. */
const MALFORMED = 3;

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A proxy with its audit in front of an instance that answers in production's variant shapes. */
async function proxyOfVariantInstance() {
  const instance = await startTestServer();
  closers.push(() => instance.close());
  const upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TOKEN,
    variant: { malformedId: MALFORMED },
  });
  closers.push(upstream.close);
  const dir = mkdtempSync(join(tmpdir(), 'cfm-variant-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
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
  const search = () =>
    app.inject({
      method: 'POST',
      url: apiPaths.search,
      headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      payload: { filters: [], sort: { field: 'created', ascending: true }, limit: 100 },
    });
  const read = (id: number) =>
    app.inject({ method: 'GET', url: apiPaths.readField(id), headers: { [TOKEN_HEADER]: TOKEN } });
  return { instance, audit, search, read };
}

describe('an instance that answers in the shapes production sends', () => {
  let proxy: Awaited<ReturnType<typeof proxyOfVariantInstance>>;
  let fieldCount: number;
  beforeAll(async () => {
    proxy = await proxyOfVariantInstance();
    fieldCount = proxy.instance.stores.fields.search({
      filters: [],
      sort: { field: 'name', ascending: true },
      limit: 1,
      offset: 0,
      name: '',
    }).totalHits;
  });

  it('before the first scan, the app reads every row of a forwarded page but the malformed one, and names that one', async () => {
    const response = await proxy.search();
    expect(response.statusCode).toBe(200);
    const page = searchPageSchema.parse(response.json());
    expect(page.instanceData?.source).toBe('instance');
    expect(page.results).toHaveLength(fieldCount - 1);
    expect(page.unreadableRows).toEqual([
      expect.objectContaining({ id: String(MALFORMED), problem: expect.stringContaining('owner') }),
    ]);
    const fourth = page.results.find((field) => field.id === 4)!;
    expect(fourth.dataType).toBe('');
    expect(fourth.activeLinks.VIEW).toEqual(['9004']);
    expect(fourth.links.find((link) => link.resource.type === 'VIEW')?.resource.id).toBe('9004');
  });

  it("the app reads the full template with production's extras, and the unknown property does not stop it", async () => {
    const response = await proxy.read(4);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty(VARIANT_EXTRA_PROPERTY);
    const field = calculatedFieldSchema.parse(response.json());
    expect(field).toMatchObject({ certification: { state: 'CERTIFIED' }, dataType: '' });
  });

  it('the copy of the instance holds every field, link ids as text, the malformed one with what could be read', async () => {
    await proxy.audit.service.scansSettled();
    expect(proxy.audit.service.latestScan()?.state).toBe('complete');
    const response = await proxy.search();
    const page = searchResponseSchema.parse(response.json());
    expect(page.instanceData?.source).toBe('snapshot');
    expect(page.results).toHaveLength(fieldCount);
    const fourth = page.results.find((field) => field.id === 4)!;
    expect(fourth.links.find((link) => link.resource.type === 'VIEW')?.resource.id).toBe('9004');
    expect(fourth.activeLinks.VIEW).toEqual(['9004']);
    expect(page.results.find((field) => field.id === MALFORMED)?.owner).toBe(0);
  });
});
