import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkItemResult } from '../../contract/bulk-template';
import type { ChangeSetDetail, ChangeSetRequest } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { fixtureInstance } from '../test-support/fixture-instance';
import { startProductionLikeUpstream } from '../test-support/production-like-upstream';
import type { UpstreamRequest } from '../test-support/production-like-upstream';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { journalClient, startJournalProxy } from './test-support';

// A bulk lock is one change set of lock items: sent in bulk calls of 500 through the
// instance's bulk operation (proxy), or a transaction per batch of the store (embedded).

/** Through the proxy, eleven bulk calls: ten of 50 and 1; embedded, five batches of 100 and 1. */
const FIELDS = 501;
const ids = Array.from({ length: FIELDS }, (_, index) => index + 1);
/** Enough for a rule that does not depend on the calls' size: each field is a request or two. */
const FEW = 5;

/** The fixture's data source and owner with many simple fields on it. */
function manyFields() {
  const [source] = fixtureInstance.dataSources;
  return {
    ...fixtureInstance,
    cards: [],
    fields: ids.map((id) => ({
      id,
      name: `Field ${id}`,
      owner: fixtureInstance.owners[0]!.id,
      expression: `\`${source!.columns[0]}\` * ${id}`,
      links: [{ type: 'DATA_SOURCE' as const, id: source!.id, visible: true, active: false }],
    })),
  };
}

const lockSet = (locked: boolean, count = FIELDS): ChangeSetRequest => ({
  kind: locked ? 'lock' : 'unlock',
  items: ids.slice(0, count).map((id) => ({ id, change: { update: { locked } } })),
});

describe('in proxy mode', () => {
  let instance: TestServer;
  let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;
  let proxy: FastifyInstance;
  let closeProxy: () => Promise<void>;
  /** How the instance answers a bulk call: as production (empty), listing its fields, or without the operation. */
  let bulkAnswer: 'empty' | 'listed' | 'refused' | 'forbidden' = 'empty';

  /** Applies a bulk call of locks and lists each field, as this project's own service answers. */
  const listed = (request: UpstreamRequest) => {
    const body = JSON.parse(request.body) as { update: Array<{ id: number; locked: boolean }> };
    const results: BulkItemResult[] = body.update.map(({ id, locked }, index) => ({
      operation: 'update',
      index,
      id,
      status: 200,
      field: instance.stores.fields.setLocked(id, locked, Date.now())!,
    }));
    return { status: 200, body: JSON.stringify({ results }) };
  };

  beforeAll(async () => {
    instance = await startTestServer({ instance: manyFields() });
    upstream = await startProductionLikeUpstream({
      store: instance.stores.fields,
      token: TEST_TOKEN,
      intercept: (request) => {
        if (request.url !== apiPaths.bulkTemplate || bulkAnswer === 'empty') return undefined;
        if (bulkAnswer === 'listed') return listed(request);
        if (bulkAnswer === 'forbidden') {
          return { status: 403, body: '{"message":"You may not change these calculated fields"}' };
        }
        return { status: 405, body: '{"message":"Method Not Allowed"}' };
      },
    });
    ({ proxy, close: closeProxy } = await startJournalProxy(upstream.url));
  });
  afterAll(async () => {
    await closeProxy();
    await upstream.close();
    await instance.close();
  });

  const call = async <T>(url: string, payload?: unknown) => {
    const response = await proxy.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as T };
  };
  const finished = async (id: number): Promise<ChangeSetDetail> => {
    for (;;) {
      const { body } = await call<ChangeSetDetail>(journalPaths.changeSet(id));
      if (body.changeSet.state !== 'running') return body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  /** Runs a set and answers it with the requests the instance received while it ran (its dry run left out). */
  const run = async (request: ChangeSetRequest) => {
    await call(journalPaths.plans, request);
    const from = upstream.requests.length;
    const started = await call<{ id: number }>(journalPaths.changeSets, request);
    expect(started.status).toBe(202);
    const set = await finished(started.body.id);
    return { set, sent: upstream.requests.slice(from) };
  };
  const writes = (sent: readonly UpstreamRequest[]) =>
    sent.filter((request) => request.method !== 'GET');
  const lockedOnInstance = () =>
    ids.filter((id) => instance.stores.fields.getField(id)!.locked).length;

  afterEach(() => {
    instance.stores.fields.setLockedMany(ids, false, Date.now());
  });

  it('sends the locks in bulk calls of 50, each item {id, locked}, and records each field as read back', async () => {
    bulkAnswer = 'empty';
    const { set, sent } = await run(lockSet(true));
    expect(set.changeSet.counts).toMatchObject({ total: FIELDS, applied: FIELDS, failed: 0 });
    const bulkCalls = writes(sent).map((request) => {
      expect(request.url).toBe(apiPaths.bulkTemplate);
      return (JSON.parse(request.body) as { update: unknown[] }).update;
    });
    expect(bulkCalls.map((update) => update.length)).toEqual([
      ...Array.from({ length: 10 }, () => 50),
      1,
    ]);
    expect(bulkCalls[0]![0]).toEqual({ id: 1, locked: true });
    expect(lockedOnInstance()).toBe(FIELDS);
    expect(set.items[0]!.after).toMatchObject({ id: 1, locked: true });
  });

  it('trusts the fields a bulk answer lists, reading none of them back', async () => {
    bulkAnswer = 'listed';
    const { set, sent } = await run(lockSet(true, FEW));
    expect(set.changeSet.counts.applied).toBe(FEW);
    expect(writes(sent)).toHaveLength(1);
    // The dry run the set starts with reads each field; nothing is read after the bulk calls.
    const firstBulk = sent.findIndex((request) => request.method === 'POST');
    expect(sent.slice(firstBulk).filter((request) => request.method === 'GET')).toEqual([]);
    expect(lockedOnInstance()).toBe(FEW);
  });

  it('sends one PUT per field for the rest of the run once the instance answers a bulk call 405', async () => {
    bulkAnswer = 'refused';
    const { set, sent } = await run(lockSet(true, FEW));
    expect(set.changeSet.counts).toMatchObject({ applied: FEW, failed: 0 });
    const [refused, ...rest] = writes(sent);
    expect(refused!.url).toBe(apiPaths.bulkTemplate);
    expect(rest).toHaveLength(FEW);
    expect(rest.every((request) => request.method === 'PUT')).toBe(true);
    expect(rest[0]).toMatchObject({ url: apiPaths.template(1), body: '{"locked":true}' });
    expect(lockedOnInstance()).toBe(FEW);
  });

  it("records the instance's reason for a bulk call it refused on each field the call carried", async () => {
    bulkAnswer = 'forbidden';
    const { set } = await run(lockSet(true, FEW));
    expect(set.changeSet.counts).toMatchObject({ applied: 0, failed: FEW });
    expect(set.items[0]).toMatchObject({
      state: 'failed',
      error: { status: 403, message: expect.stringContaining('You may not change') },
    });
    expect(lockedOnInstance()).toBe(0);
  });
});

describe('in embedded mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ instance: manyFields(), withJournal: true });
  });
  afterAll(() => server.close());

  it("locks a batch of 100 in one call of the store's setLockedMany, keeps each field's history, and undoes it", async () => {
    const client = journalClient(server);
    const setLockedMany = vi.spyOn(server.stores.fields, 'setLockedMany');
    const set = await client.run(lockSet(true));
    expect(set.changeSet.counts).toMatchObject({ applied: FIELDS, failed: 0 });
    expect(setLockedMany.mock.calls.map(([batch]) => batch.length)).toEqual([
      ...Array.from({ length: 5 }, () => 100),
      1,
    ]);
    expect(ids.filter((id) => server.stores.fields.getField(id)!.locked)).toHaveLength(FIELDS);
    // Its summary alone, as the app follows a set while it runs.
    const summary = await client.call('GET', journalPaths.summary(set.changeSet.id));
    expect(summary).toEqual({ status: 200, body: set.changeSet });
    const history = await client.call<{ versions: Array<{ changeSetId: number; kind: string }> }>(
      'GET',
      journalPaths.fieldHistory(FIELDS),
    );
    expect(history.body.versions).toEqual([
      expect.objectContaining({ changeSetId: set.changeSet.id, kind: 'lock' }),
    ]);
    setLockedMany.mockRestore();

    const undo = await client.undo(set.changeSet.id);
    // The undo's change set alone, whatever its size: the plan is the dry run's answer.
    expect(undo.body.plan).toBeNull();
    expect(JSON.stringify(undo.body).length).toBeLessThan(1000);
    const undone = await client.finished(undo.body.changeSet!.id);
    expect(undone.changeSet.counts.applied).toBe(FIELDS);
    expect(ids.filter((id) => server.stores.fields.getField(id)!.locked)).toEqual([]);
  });
});
