import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopySortField } from '../../contract/copy-orders';
import { copySortFields } from '../../contract/copy-orders';
import { APP_CONFIG_PATH, apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { searchResponseSchema } from '../../contract/search';
import { openProxyAudit } from '../audit/open-audit';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { generateDemoInstance } from '../demo/generate-demo-instance';
import { SqlSearchOracle } from '../test-support/sql-search-oracle';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { buildServer } from './build-server';

// The sorts production lacks (contract/copy-orders.ts), paged through over HTTP and
// compared with the SQL oracle's total order: every field once, ties on id.

const PAGE = 37;

/** A demo instance with two owners whose names differ only in case: their fields tie on name. */
function instanceWithTies() {
  const instance = generateDemoInstance({ fields: 300, seed: 41 });
  instance.owners[1]!.name = instance.owners[0]!.name.toUpperCase();
  return instance;
}

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

let instance: TestServer;
let oracle: SqlSearchOracle;
beforeAll(async () => {
  instance = await startTestServer({ instance: instanceWithTies() });
  closers.push(() => instance.close());
  const db = new Database(instance.dataFile, { readonly: true });
  closers.push(async () => void db.close());
  oracle = new SqlSearchOracle(db);
});

function searchOf(app: FastifyInstance, token: string) {
  return async (body: object) => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.search,
      headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return searchResponseSchema.parse(response.json());
  };
}

type Search = ReturnType<typeof searchOf>;

/** Every page of one sort, as the table pages: the ids in the order shown. */
async function pageThrough(search: Search, field: CopySortField, ascending: boolean) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await search({ filters: [], sort: { field, ascending }, limit: PAGE, offset });
    ids.push(...page.results.map((item) => item.id));
    if (!page.hasMore) return ids;
  }
}

/** The oracle's order of every field. */
function oracleOrder(field: CopySortField, ascending: boolean): number[] {
  const { results } = oracle.search({ filters: [], sort: { field, ascending }, limit: 5000 });
  return results.map((json) => (JSON.parse(json) as { id: number }).id);
}

async function expectEverySortAsTheOracle(search: Search) {
  for (const field of copySortFields) {
    for (const ascending of [true, false]) {
      const shown = await pageThrough(search, field, ascending);
      expect(shown, `${field} ${ascending ? 'ascending' : 'descending'}`).toEqual(
        oracleOrder(field, ascending),
      );
      expect(new Set(shown).size).toBe(300);
    }
  }
}

describe('embedded: the store answers', () => {
  const search = () => searchOf(instance.app, TEST_TOKEN);

  it('pages through every sort in the oracle order, and the config offers them', async () => {
    await expectEverySortAsTheOracle(search());
    const config = await instance.app.inject({ method: 'GET', url: APP_CONFIG_PATH });
    expect(config.json()).toMatchObject({ copySorts: [...copySortFields] });
  });

  it('keeps each order after writes that move a field in it', async () => {
    const unlocked = oracle.search({
      filters: [{ kind: 'flag', flag: 'locked', negated: true }],
      sort: { field: 'owner', ascending: true },
      limit: 5000,
    });
    const [first, second] = unlocked.results.map((json) => (JSON.parse(json) as { id: number }).id);
    const lastOwner = instance.stores.fields.getField(oracleOrder('owner', false)[0]!)!.owner;
    const put = (id: number, body: object) =>
      instance.app.inject({
        method: 'PUT',
        url: apiPaths.template(id),
        headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
        payload: body,
      });
    // The first owner's field to the last owner; an invalid expression: the owner,
    // status and problems orders move.
    const owner = await put(first!, { owner: lastOwner });
    expect(owner.statusCode, owner.body).toBe(200);
    const invalid = await put(second!, { expression: 'SUM((' });
    expect(invalid.statusCode, invalid.body).toBe(200);
    expect(instance.stores.fields.getField(second!)!.status).not.toBe('VALID');
    await expectEverySortAsTheOracle(search());
  });
});

describe("proxy: the audit's copy answers", () => {
  it('pages through every sort in the oracle order, owner names from the directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfm-copy-sorts-'));
    closers.push(async () => rmSync(dir, { recursive: true, force: true }));
    const upstream = new URL(instance.url);
    const audit = openProxyAudit({
      file: join(dir, 'audit.sqlite'),
      upstream,
      timeoutMs: 5000,
      concurrency: 4,
      keep: 5,
      refreshEveryMs: 3_600_000,
    });
    const app = await buildServer({
      api: { kind: 'proxy', upstream, timeoutMs: 5000 },
      audit: { service: audit.service, snapshot: audit.snapshot, keep: 5 },
      failedAuthLimiter: new FailedAuthLimiter(1000),
    });
    closers.push(async () => {
      await app.close();
      await audit.close();
    });
    const search = searchOf(app, TEST_TOKEN);
    // The first search starts the first scan; the copy it makes answers from then on.
    await search({ filters: [], sort: { field: 'name', ascending: true }, limit: PAGE });
    await audit.service.scansSettled();
    expect(audit.service.latestScan()?.state).toBe('complete');
    await expectEverySortAsTheOracle(search);
    const config = await app.inject({ method: 'GET', url: APP_CONFIG_PATH });
    expect(config.json()).toMatchObject({ copySorts: [...copySortFields] });
  });
});
