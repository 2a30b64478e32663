import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INVALID, VALID } from '../../contract/field';
import type {
  ChangeSetDetail,
  ChangeSetRequest,
  FieldHistory,
  PlanItemsPage,
  UndoAnswer,
} from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import type { FieldRecordInput } from '../instance/instance-file';
import { fixtureInstance, SALES } from '../test-support/fixture-instance';
import { startProductionLikeUpstream } from '../test-support/production-like-upstream';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { startJournalProxy } from './test-support';

// An undo of a delete in proxy mode, where the instance gives the field a new id:
// the fields that nested the old id are made to name the new one, as items of the undo.
const nests = (id: number, name: string, expression: string, locked = false): FieldRecordInput => ({
  id,
  name,
  owner: 101,
  expression,
  locked,
  links: [{ type: 'DATA_SOURCE', id: SALES, visible: true, active: true }],
});
const MARGIN_PCT =
  'SERVICE_BEAST_MODE(1) * 100 + service_beast_mode ( 1 ) - SERVICE_BEAST_MODE(11)';

/** What the instance does when it is asked to create a field, before it answers. */
let onCreate: (() => { status: number; body: string } | undefined) | undefined;
let instance: TestServer;
let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;
let proxy: FastifyInstance;
let closeProxy: () => Promise<void>;
beforeAll(async () => {
  instance = await startTestServer({
    instance: {
      ...fixtureInstance,
      fields: [
        ...fixtureInstance.fields,
        nests(15, 'Margin Pct', MARGIN_PCT),
        nests(16, 'Margin Note', "SERVICE_BEAST_MODE(1) + 'x'"),
        nests(17, 'Margin Locked', 'SERVICE_BEAST_MODE(1) * 2', true),
        nests(18, 'Profit Twice', 'SERVICE_BEAST_MODE(7) * 2'),
        nests(19, 'Region Again', 'SERVICE_BEAST_MODE(5)'),
      ],
    },
  });
  upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TEST_TOKEN,
    searchLagMs: 60_000,
    intercept: (request) =>
      onCreate && request.method === 'POST' && request.url === apiPaths.templates
        ? onCreate()
        : undefined,
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
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as T;
};

async function finished(id: number): Promise<ChangeSetDetail> {
  for (;;) {
    const detail = await call<ChangeSetDetail>(journalPaths.changeSet(id));
    if (detail.changeSet.state !== 'running') return detail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function run(request: ChangeSetRequest): Promise<ChangeSetDetail> {
  return finished((await call<{ id: number }>(journalPaths.changeSets, request)).id);
}

/** An undo as the app makes it: its dry run kept, then confirmed by its id. */
async function undo(id: number): Promise<ChangeSetDetail> {
  const { plan } = await call<UndoAnswer>(journalPaths.undo(id), { dryRun: true });
  return finished((await call<{ id: number }>(journalPaths.changeSets, { planId: plan!.id })).id);
}

const onInstance = (id: number) => instance.stores.fields.getField(id);

let deleted: ChangeSetDetail;
let undone: ChangeSetDetail;
let newId: number;

it("plans, in the undo's dry run, each nesting field to name the new id, and skips with the reason those it may not change", async () => {
  deleted = await run({
    kind: 'delete',
    allowUsed: true,
    items: [{ id: 1, change: { delete: true } }],
  });
  expect(deleted.items[0]!.state).toBe('applied');
  // Someone edits one nesting field after the delete: the undo leaves it to them.
  instance.stores.fields.updateField(16, { name: 'Margin Note, edited' }, Date.now() + 60_000);

  const plan = (
    await call<UndoAnswer>(journalPaths.undo(deleted.changeSet.id), {
      dryRun: true,
    })
  ).plan!;
  // The restore first, then the fields that nest it, as the instance's search lists them.
  expect(plan.items[0]).toMatchObject({ id: 1, action: 'change', before: null });
  const nesting = new Map(plan.items.slice(1).map((item) => [item.id, item]));
  expect([...nesting.keys()].sort()).toEqual([15, 16, 17]);
  expect(nesting.get(15)).toMatchObject({
    name: 'Margin Pct',
    action: 'change',
    message: 'SERVICE_BEAST_MODE(1) → SERVICE_BEAST_MODE(the new id of "Gross Margin")',
    repoint: { from: 1 },
  });
  expect(nesting.get(16)).toMatchObject({
    action: 'skip',
    reason: 'changed-since',
    message: 'SERVICE_BEAST_MODE(1) is left as it is: it changed after "Gross Margin" was deleted',
  });
  expect(nesting.get(17)).toMatchObject({ action: 'skip', reason: 'locked' });
  expect(plan.counts).toEqual({ change: 2, skip: 2, repoint: 1 });
  // Its pages say the same of each item, the repoint's included.
  expect(await call<PlanItemsPage>(journalPaths.planItems(plan.id))).toEqual({
    total: 4,
    items: plan.items,
  });
});

it('creates the field again, then makes the nesting field name the new id, recorded in the same undo', async () => {
  undone = await undo(deleted.changeSet.id);
  newId = undone.items[0]!.newId!;
  expect(newId).not.toBe(1);
  const repointed = MARGIN_PCT.replace(
    'SERVICE_BEAST_MODE(1)',
    `SERVICE_BEAST_MODE(${newId})`,
  ).replace('service_beast_mode ( 1 )', `SERVICE_BEAST_MODE(${newId})`);
  expect(onInstance(15)).toMatchObject({ expression: repointed, status: VALID });
  expect(undone.changeSet.counts).toMatchObject({ applied: 2, skipped: 2, failed: 0 });
  expect(undone.items.find((item) => item.fieldId === 15)).toMatchObject({
    state: 'applied',
    change: { update: { expression: repointed } },
    before: { expression: MARGIN_PCT, status: INVALID },
    after: { expression: repointed, status: VALID },
  });
  expect(onInstance(16)!.expression).toBe("SERVICE_BEAST_MODE(1) + 'x'");
});

it('deletes the field again on an undo of that undo, and puts the old expression back', async () => {
  const again = await undo(undone.changeSet.id);
  expect(again.changeSet.counts).toMatchObject({ applied: 2, failed: 0 });
  expect(onInstance(newId)).toBeUndefined();
  expect(onInstance(15)!.expression).toBe(MARGIN_PCT);
  // The field's history shows the repoint and its undo, as any change of it.
  const { versions } = await call<FieldHistory>(journalPaths.fieldHistory(15));
  expect(versions).toMatchObject([
    { kind: 'undo', undoneBy: { changeSetId: again.changeSet.id } },
    { kind: 'undo', changeSetId: again.changeSet.id, after: { expression: MARGIN_PCT } },
  ]);
});

describe('a repoint it cannot send is recorded failed, saying why, and the field keeps the old id', () => {
  afterEach(() => {
    onCreate = undefined;
  });

  it('when the field changed between the dry run and the send', async () => {
    const set = await run({
      kind: 'delete',
      allowUsed: true,
      items: [{ id: 7, change: { delete: true } }],
    });
    onCreate = () => {
      instance.stores.fields.updateField(18, { name: 'Profit Twice, edited' }, Date.now());
      return undefined;
    };
    const undoSet = await undo(set.changeSet.id);
    expect(undoSet.items[0]).toMatchObject({ state: 'applied', newId: expect.any(Number) });
    expect(undoSet.items[1]).toMatchObject({
      fieldId: 18,
      state: 'failed',
      change: { repoint: { from: 7 } },
      error: { status: 409, message: 'not repointed: it changed since the undo was planned' },
    });
    expect(onInstance(18)!.expression).toBe('SERVICE_BEAST_MODE(7) * 2');
  });

  it('when the instance refused to create the field again', async () => {
    const set = await run({
      kind: 'delete',
      allowUsed: true,
      items: [{ id: 5, change: { delete: true } }],
    });
    onCreate = () => ({ status: 400, body: JSON.stringify({ message: 'no' }) });
    const undoSet = await undo(set.changeSet.id);
    expect(undoSet.items.map((item) => item.state)).toEqual(['failed', 'failed']);
    expect(undoSet.items[1]!.error).toMatchObject({
      message: 'not repointed: field 5 was not created again, so there is no new id to name',
    });
    expect(onInstance(19)!.expression).toBe('SERVICE_BEAST_MODE(5)');
  });
});
