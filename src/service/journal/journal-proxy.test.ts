import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directoryQuerySchema } from '../../contract/directory';
import type {
  ChangeSetDetail,
  ChangeSetRequest,
  FieldHistory,
  Me,
  KeptPlan,
  UndoAnswer,
} from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { buildServer } from '../server/build-server';
import { startProductionLikeUpstream } from '../test-support/production-like-upstream';
import type { TestServer } from '../test-support/test-server';
import { SALES, TICKETS } from '../test-support/fixture-instance';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { JournalStore } from './journal-store';

// The journal in proxy mode, against an instance shaped like production: it answers a
// bulk call with an empty body, and its search lags its writes by a minute.
let instance: TestServer;
let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;
let proxy: FastifyInstance;
/** The server holding the instance's token, started without --allow-writes. */
let heldTokenProxy: FastifyInstance;
let db: Database.Database;
let dir: string;
/** Whether the instance answers the directory extension, which production lacks, from its own directory. */
let listsColumns = false;
/** Whether the instance fails its check of formulas (a 500). */
let formulaCheckFails = false;
/** Whether the instance goes away once it has applied a bulk call: every later request is dropped. */
let diesAfterBulk = false;
let dead = false;
/** Whether the instance refuses a write with a message that repeats the token it was sent. */
let refusesEchoingToken = false;
beforeAll(async () => {
  instance = await startTestServer();
  upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TEST_TOKEN,
    searchLagMs: 60_000,
    intercept: (request) => {
      const [path, query] = request.url.split('?');
      if (listsColumns && path === apiPaths.directory) {
        const asked = directoryQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
        return { status: 200, body: JSON.stringify(instance.stores.directory!.answer(asked)) };
      }
      if (formulaCheckFails && request.url === apiPaths.validateFormulas)
        return { status: 500, body: '{"message":"Internal Server Error"}' };
      if (dead) return 'drop';
      // Without the bulk operation, so a lock goes as a PUT, which it refuses.
      if (refusesEchoingToken && path === apiPaths.bulkTemplate)
        return { status: 405, body: '{"message":"Method Not Allowed"}' };
      if (refusesEchoingToken && request.method === 'PUT')
        return {
          status: 403,
          body: JSON.stringify({
            message: `token ${request.token} may not change this\u0007field`,
          }),
        };
      if (diesAfterBulk && path === apiPaths.bulkTemplate) dead = true;
      return undefined;
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'cfm-journal-proxy-'));
  db = new Database(join(dir, 'audit.sqlite'));
  proxy = await buildServer({
    api: { kind: 'proxy', upstream: new URL(upstream.url), timeoutMs: 5000 },
    journal: new JournalStore(db),
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  heldTokenProxy = await buildServer({
    api: {
      kind: 'proxy',
      upstream: new URL(upstream.url),
      timeoutMs: 5000,
      heldToken: TEST_TOKEN,
      allowWrites: false,
    },
    journal: new JournalStore(db),
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
});
afterAll(async () => {
  await heldTokenProxy.close();
  await proxy.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  await upstream.close();
  await instance.close();
});

const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, server = proxy) => {
  const response = await server.inject({
    method,
    url,
    headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as T };
};

async function finished(id: number, server = proxy): Promise<ChangeSetDetail> {
  for (;;) {
    const { body } = await call<ChangeSetDetail>(
      'GET',
      journalPaths.changeSet(id),
      undefined,
      server,
    );
    if (body.changeSet.state !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function run(request: ChangeSetRequest): Promise<ChangeSetDetail> {
  const started = await call<{ id: number }>('POST', journalPaths.changeSets, request);
  expect(started.status).toBe(202);
  return finished(started.body.id);
}

const onInstance = (id: number) => instance.stores.fields.getField(id);

it('names the person by a hash of the token, never the token', async () => {
  const { body } = await call<Me>('GET', journalPaths.me);
  expect(body).toEqual({
    person: expect.stringMatching(/^token [0-9a-f]{12}$/),
    role: 'editor',
    canWrite: true,
  });
  expect(JSON.stringify(body)).not.toContain(TEST_TOKEN);
});

it('sends a set through the bulk operation, records what the instance shows, and undoes it', async () => {
  const before3 = onInstance(3)!;
  const sentBefore = upstream.requests.length;
  const set = await run({
    kind: 'owner',
    items: [
      { id: 3, change: { update: { owner: 103 } } },
      { id: 2, change: { update: { locked: false, owner: 103 } } },
    ],
  });
  expect(set.items.map((item) => item.state)).toEqual(['applied', 'applied']);
  // Field 3 through the bulk operation; field 2, unlocked first, one request at a time.
  const writes = upstream.requests
    .slice(sentBefore)
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.url.split('?')[0]} ${request.body}`);
  expect(writes).toEqual([
    expect.stringMatching(
      /^POST \/api\/query\/v1\/functions\/bulk\/template \{"update":\[\{"id":3,/,
    ),
    'PUT /api/query/v1/functions/template/2 {"locked":false}',
    'PUT /api/query/v1/functions/template/2 {"owner":103}',
  ]);
  expect(set.items[0]!.after).toEqual(onInstance(3));
  expect(onInstance(2)).toMatchObject({ owner: 103, locked: false });

  const undo = await call<UndoAnswer>('POST', journalPaths.undo(set.changeSet.id), {
    dryRun: false,
  });
  const undone = await finished(undo.body.changeSet!.id);
  expect(undone.changeSet.counts.applied).toBe(2);
  expect(onInstance(3)!.owner).toBe(before3.owner);
  expect(onInstance(2)).toMatchObject({ owner: 102, locked: true });
});

it('creates a deleted field again, recording the new id the instance gives it', async () => {
  const gone = onInstance(12)!;
  const set = await run({ kind: 'delete', items: [{ id: 12, change: { delete: true } }] });
  expect(set.items[0]!.state).toBe('applied');
  expect(onInstance(12)).toBeUndefined();
  const undo = await call<UndoAnswer>('POST', journalPaths.undo(set.changeSet.id), {
    dryRun: false,
  });
  const undone = await finished(undo.body.changeSet!.id);
  const newId = undone.items[0]!.newId!;
  expect(newId).not.toBe(12);
  expect(onInstance(newId)).toMatchObject({ name: gone.name, expression: gone.expression });

  // The journal is local in proxy mode too: the field's history says which undo undid the delete.
  const { body } = await call<FieldHistory>('GET', journalPaths.fieldHistory(12));
  expect(body.versions).toMatchObject([
    { kind: 'delete', undoneBy: { changeSetId: undone.changeSet.id } },
    { kind: 'undo', state: 'done', undoneBy: null },
  ]);
});

// Production creates a field only with a data source or card link: a field without
// any was deleted through the proxy, and its undo then failed ("Invalid template").
it('does not delete a field the instance could not create again, says so, and sends nothing', async () => {
  expect(onInstance(10)!.links).toEqual([]);
  const sentBefore = upstream.requests.length;
  const { body: plan } = await call<KeptPlan>('POST', journalPaths.plans, {
    kind: 'delete',
    items: [{ id: 10, change: { delete: true } }],
  });
  expect(plan.items[0]).toMatchObject({ action: 'skip', reason: 'invalid' });
  expect(plan.items[0]!.message).toMatch(/could not be undone.*archive it instead$/);

  const set = await run({ kind: 'delete', items: [{ id: 10, change: { delete: true } }] });
  expect(set.items[0]!.state).toBe('skipped');
  expect(onInstance(10)).toBeDefined();
  const writes = upstream.requests
    .slice(sentBefore)
    .filter((request) => request.method !== 'GET' && !request.url.includes('/search'));
  expect(writes).toEqual([]);
});

it('records a batch the instance stopped answering as open, not as unsent, and Check settles it', async () => {
  diesAfterBulk = true;
  let set: ChangeSetDetail;
  let checkedWhileDown: { status: number; body: { message: string } };
  try {
    set = await run({
      kind: 'archive',
      items: [{ id: 5, change: { update: { archived: true } } }],
    });
    checkedWhileDown = await call('POST', journalPaths.check(set.changeSet.id), {});
  } finally {
    diesAfterBulk = false;
    dead = false;
  }
  // Asked while the instance is still away, the check says so and records nothing.
  expect(checkedWhileDown.status).toBe(502);
  expect(checkedWhileDown.body.message).toMatch(/^the upstream instance could not be reached/);
  // The bulk call was applied before the instance went away: nobody knows yet whether it was.
  expect(onInstance(5)!.archived).toBe(true);
  expect(set.items[0]).toMatchObject({
    state: 'unknown',
    error: { message: expect.stringMatching(/^no answer from the instance/) },
  });
  expect(set.changeSet.counts).toMatchObject({ unknown: 1, failed: 0 });

  const checked = await call<ChangeSetDetail>('POST', journalPaths.check(set.changeSet.id), {});
  expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  expect(checked.body.items[0]).toMatchObject({ state: 'applied', after: onInstance(5) });
});

it("records an instance's refusal without the token it was sent, even when the instance repeats it", async () => {
  refusesEchoingToken = true;
  let set: ChangeSetDetail;
  try {
    set = await run({ kind: 'lock', items: [{ id: 6, change: { update: { locked: true } } }] });
  } finally {
    refusesEchoingToken = false;
  }
  expect(set.items[0]).toMatchObject({
    state: 'failed',
    error: { status: 403, message: 'token [token] may not change this field' },
  });
  expect(JSON.stringify(set)).not.toContain(TEST_TOKEN);
});

describe('a dry run of an edited expression', () => {
  const plan = async (expression: string, allowInvalid = false) => {
    const { status, body } = await call<KeptPlan>('POST', journalPaths.plans, {
      kind: 'edit',
      items: [{ id: 1, change: { update: { expression } } }],
      ...(allowInvalid ? { allowInvalid } : {}),
    });
    expect(status).toBe(200);
    return body.items[0]!;
  };
  const formulaChecks = (from: number) =>
    upstream.requests
      .slice(from)
      .filter((request) => request.url === apiPaths.validateFormulas)
      .map((request) => JSON.parse(request.body) as unknown);
  afterEach(() => {
    listsColumns = false;
    formulaCheckFails = false;
  });

  it("is judged by the instance's validateFormulas against the data source's columns", async () => {
    listsColumns = true;
    const sentBefore = upstream.requests.length;
    // Well formed, so the analyzer alone finds nothing: `Discount` is no column of Sales.
    const missing = await plan('SUM(`Revenue`) - SUM(`Discount`)');
    expect(missing).toMatchObject({ action: 'skip', reason: 'invalid' });
    expect(formulaChecks(sentBefore)).toEqual([
      {
        dataSourceId: SALES,
        columns: ['Revenue', 'Cost', 'Order Date', 'Region', 'Customer ID'],
        formulas: { '0': { name: 'Gross Margin', formula: 'SUM(`Revenue`) - SUM(`Discount`)' } },
      },
    ]);
    expect(await plan('SUM(`Revenue`) - SUM(`Discount`)', true)).toMatchObject({
      action: 'change',
      after: { status: 'INVALID', expression: 'SUM(`Revenue`) - SUM(`Discount`)' },
    });
    expect(await plan('SUM(`Revenue`) - SUM(`Cost`)')).toMatchObject({
      action: 'change',
      after: { status: 'VALID', aggregated: true },
    });
  });

  it("takes a card's columns from the data source it is built on", async () => {
    listsColumns = true;
    const sentBefore = upstream.requests.length;
    const { body } = await call<KeptPlan>('POST', journalPaths.plans, {
      kind: 'edit',
      // Field 8 is linked to a card of Sales alone.
      items: [{ id: 8, change: { update: { expression: 'SUM(`Amount`)' } } }],
    });
    expect(body.items[0]).toMatchObject({ action: 'skip', reason: 'invalid' });
    expect(formulaChecks(sentBefore)).toEqual([
      expect.objectContaining({
        dataSourceId: SALES,
        columns: ['Revenue', 'Cost', 'Order Date', 'Region', 'Customer ID'],
      }),
    ]);
  });

  it('checks only the syntax where the instance does not list columns, as a real one does not', async () => {
    const sentBefore = upstream.requests.length;
    expect(await plan('SUM(`Discount`)')).toMatchObject({
      action: 'change',
      after: { status: 'VALID' },
    });
    expect(await plan('SUM(`Revenue`')).toMatchObject({ action: 'skip', reason: 'invalid' });
    expect(formulaChecks(sentBefore)).toEqual([
      expect.objectContaining({ dataSourceId: SALES, columns: ['Discount'] }),
      expect.objectContaining({ dataSourceId: SALES, columns: ['Revenue'] }),
    ]);
  });

  it('checks the edits of one dry run together, one request per data source', async () => {
    const sentBefore = upstream.requests.length;
    const { body } = await call<KeptPlan>('POST', journalPaths.plans, {
      kind: 'replace',
      items: [1, 3, 4, 5].map((id) => ({
        id,
        change: { update: { expression: `UPPER(\`Field ${id}\`)` } },
      })),
    });
    expect(body.items.map((item) => item.action)).toEqual(['change', 'change', 'change', 'change']);
    // Fields 1, 3 and 5 live on the Sales data source, field 4 on Tickets.
    const checks = formulaChecks(sentBefore) as Array<{ dataSourceId: string; formulas: object }>;
    expect(checks.map((check) => [check.dataSourceId, Object.keys(check.formulas).length])).toEqual(
      [
        [SALES, 3],
        [TICKETS, 1],
      ],
    );
  });

  it('skips the edit when the instance cannot check it', async () => {
    formulaCheckFails = true;
    expect(await plan('SUM(`Revenue`) + 1')).toMatchObject({
      action: 'skip',
      reason: 'invalid',
      message: expect.stringMatching(/^the instance could not check the expression/),
    });
  });
});

describe('with a token the server holds, started without --allow-writes', () => {
  const held = <T>(method: 'GET' | 'POST', url: string, payload?: unknown) =>
    call<T>(method, url, payload, heldTokenProxy);

  it('locks and unlocks through change sets, as before writes existed, and undoes them', async () => {
    expect(onInstance(5)!.locked).toBe(false);
    const lock = { kind: 'lock', items: [{ id: 5, change: { update: { locked: true } } }] };
    const plan = await held<KeptPlan>('POST', journalPaths.plans, lock);
    expect(plan.body.items[0]).toMatchObject({ action: 'change' });
    const started = await held<{ id: number }>('POST', journalPaths.changeSets, lock);
    expect(started.status).toBe(202);
    const set = await finished(started.body.id, heldTokenProxy);
    expect(set.items[0]!.state).toBe('applied');
    expect(onInstance(5)!.locked).toBe(true);

    const undo = await held<UndoAnswer>('POST', journalPaths.undo(set.changeSet.id), {
      dryRun: false,
    });
    expect(undo.status).toBe(202);
    await finished(undo.body.changeSet!.id, heldTokenProxy);
    expect(onInstance(5)!.locked).toBe(false);
  });

  it('refuses any other change with 403, and sends nothing', async () => {
    const name = onInstance(5)!.name;
    const sentBefore = upstream.requests.length;
    const rename = await held<{ message: string }>('POST', journalPaths.changeSets, {
      kind: 'rename',
      items: [{ id: 5, change: { update: { name: 'Renamed' } } }],
    });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toMatch(/--allow-writes/);
    // Locking while renaming is a write too.
    const both = await held('POST', journalPaths.changeSets, {
      kind: 'lock',
      items: [{ id: 5, change: { update: { locked: true, name: 'Renamed' } } }],
    });
    expect(both.status).toBe(403);
    expect(upstream.requests.slice(sentBefore).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(onInstance(5)).toMatchObject({ name, locked: false });
  });
});
