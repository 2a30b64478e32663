import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type {
  ChangeSetDetail,
  ChangeSetSummary,
  KeptPlan,
  UndoAnswer,
} from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { nothingToUndo } from '../../contract/undo-rule';
import { fixtureInstance } from '../test-support/fixture-instance';
import { startProductionLikeUpstream } from '../test-support/production-like-upstream';
import type { UpstreamRequest } from '../test-support/production-like-upstream';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { CHANGED_SINCE } from './plan-change-set';
import { startJournalProxy } from './test-support';

// A confirmed dry run through the proxy, in front of an instance shaped like production
// (an empty answer to a bulk call): the confirmation answers without reading the
// instance, and the run reads each batch's fields just before sending it.

/** Three sends: 50, 50 and 20. */
const FIELDS = 120;
const ids = Array.from({ length: FIELDS }, (_, index) => index + 1);

let instance: TestServer;
let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;
let proxy: FastifyInstance;
let closeProxy: () => Promise<void>;
/** What the instance does as a request arrives, before it answers it. */
let onArrival: ((request: UpstreamRequest) => void) | undefined;
/** Holds the instance's answers to reads of a field until it settles. */
let readsHeldUntil: Promise<unknown> | undefined;
/** Whether the instance drops every read of a field without an answer. */
let dropsReads = false;

const isRead = (request: UpstreamRequest) =>
  request.method === 'GET' && request.url.startsWith(apiPaths.templates);
const isBulk = (request: UpstreamRequest) => request.url === apiPaths.bulkTemplate;
const idsOfBulk = (request: UpstreamRequest) =>
  (JSON.parse(request.body) as { update: Array<{ id: number }> }).update.map(({ id }) => id);
const idOfRead = (request: UpstreamRequest) => Number(/\/(\d+)/.exec(request.url)![1]);

beforeAll(async () => {
  const [source] = fixtureInstance.dataSources;
  instance = await startTestServer({
    instance: {
      ...fixtureInstance,
      cards: [],
      fields: ids.map((id) => ({
        id,
        name: `Field ${id}`,
        owner: fixtureInstance.owners[0]!.id,
        expression: `\`${source!.columns[0]}\` * ${id}`,
        links: [{ type: 'DATA_SOURCE' as const, id: source!.id, visible: true, active: false }],
      })),
    },
  });
  upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TEST_TOKEN,
    intercept: (request) => {
      onArrival?.(request);
      return dropsReads && isRead(request) ? 'drop' : undefined;
    },
    answerAfter: (request) => (isRead(request) ? readsHeldUntil : undefined),
  });
  ({ proxy, close: closeProxy } = await startJournalProxy(upstream.url));
});
afterAll(async () => {
  await closeProxy();
  await upstream.close();
  await instance.close();
});
afterEach(() => {
  onArrival = undefined;
  readsHeldUntil = undefined;
  dropsReads = false;
  instance.stores.fields.setLockedMany(ids, false, Date.now());
});

const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await proxy.inject({
    method,
    url,
    headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json() as T };
};
const planLocks = async () => {
  const items = ids.map((id) => ({ id, change: { update: { locked: true } } }));
  const plan = await call<KeptPlan>('POST', journalPaths.plans, { kind: 'lock', items });
  expect(plan.body.counts).toEqual({ change: FIELDS, skip: 0 });
  return plan.body.id;
};
const confirm = (planId: number) =>
  call<ChangeSetSummary>('POST', journalPaths.changeSets, { planId });
const finished = async (id: number): Promise<ChangeSetDetail> => {
  for (;;) {
    const { body } = await call<ChangeSetDetail>('GET', journalPaths.changeSet(id));
    if (body.changeSet.state !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const lockedOnInstance = () =>
  ids.filter((id) => instance.stores.fields.getField(id)!.locked).length;

it('answers a confirmation before any field is read from the instance; each batch is read just before its bulk call', async () => {
  const planId = await planLocks();
  const from = upstream.requests.length;
  let release!: () => void;
  readsHeldUntil = new Promise<void>((resolve) => (release = resolve));
  const waited = new Promise<'waited for the instance'>((resolve) =>
    setTimeout(() => resolve('waited for the instance'), 5000),
  );
  const answer = await Promise.race([confirm(planId), waited]);
  const readsAnswered = upstream.requests
    .slice(from)
    .filter((request) => isRead(request) && request.answeredAt !== undefined);
  release();
  expect(answer).not.toBe('waited for the instance');
  expect(readsAnswered).toEqual([]);
  if (answer === 'waited for the instance') return;
  expect(answer.status).toBe(202);
  // Recorded before anything is sent: every item, pending, with its state before.
  expect(answer.body.counts).toMatchObject({ total: FIELDS, pending: FIELDS });

  const set = await finished(answer.body.id);
  expect(set.changeSet.counts).toMatchObject({ applied: FIELDS, skipped: 0 });
  expect(lockedOnInstance()).toBe(FIELDS);
  const sent = upstream.requests.slice(from);
  const bulkCalls = sent.flatMap((request, index) => (isBulk(request) ? [index] : []));
  expect(bulkCalls.map((index) => idsOfBulk(sent[index]!))).toEqual([
    ids.slice(0, 50),
    ids.slice(50, 100),
    ids.slice(100),
  ]);
  // Before each bulk call: its own fields' reads, none of a later batch's.
  const readBefore = (index: number) =>
    sent
      .slice(0, index)
      .filter(isRead)
      .map(idOfRead)
      .sort((a, b) => a - b);
  expect(readBefore(bulkCalls[0]!)).toEqual(ids.slice(0, 50));
  expect(new Set(readBefore(bulkCalls[1]!))).toEqual(new Set(ids.slice(0, 100)));
});

it('skips a field changed between the dry run and its batch, changed-since, and never sends it', async () => {
  const planId = await planLocks();
  const from = upstream.requests.length;
  // Renamed by someone else once the first batch is on its way: the third batch carries it.
  onArrival = (request) => {
    if (!isBulk(request) || instance.stores.fields.getField(110)!.name !== 'Field 110') return;
    instance.stores.fields.updateField(110, { name: 'Renamed meanwhile' }, Date.now());
  };
  const started = await confirm(planId);
  expect(started.status).toBe(202);
  const set = await finished(started.body.id);

  expect(set.items[109]).toMatchObject({
    fieldId: 110,
    state: 'skipped',
    reason: 'changed-since',
    message: CHANGED_SINCE,
    before: { name: 'Renamed meanwhile', locked: false },
    after: null,
  });
  expect(set.changeSet.counts).toMatchObject({ applied: FIELDS - 1, skipped: 1 });
  const sentIds = upstream.requests.slice(from).filter(isBulk).flatMap(idsOfBulk);
  expect(sentIds).toHaveLength(FIELDS - 1);
  expect(sentIds).not.toContain(110);
  expect(instance.stores.fields.getField(110)!.locked).toBe(false);
});

it('stops a cancelled set at the next batch boundary: the batch in flight finishes, no other is sent', async () => {
  const planId = await planLocks();
  const from = upstream.requests.length;
  // Cancelled as the first bulk call arrives; its read-back waits for the cancel's answer.
  onArrival = (request) => {
    if (!isBulk(request) || readsHeldUntil) return;
    readsHeldUntil = call<{ changeSets: ChangeSetSummary[] }>(
      'GET',
      `${journalPaths.changeSets}?limit=1`,
    ).then(({ body }) => call('POST', journalPaths.cancel(body.changeSets[0]!.id), {}));
  };
  const started = await confirm(planId);
  const set = await finished(started.body.id);

  expect(((await readsHeldUntil) as { status: number }).status).toBe(200);
  expect(set.changeSet.state).toBe('cancelled');
  expect(set.changeSet.counts).toMatchObject({ applied: 50, pending: FIELDS - 50 });
  expect(upstream.requests.slice(from).filter(isBulk)).toHaveLength(1);
  expect(lockedOnInstance()).toBe(50);
});

it('sends nothing of a batch whose fields it could not read first: its items fail, and a retry sends them', async () => {
  const planId = await planLocks();
  const from = upstream.requests.length;
  dropsReads = true;
  const started = await confirm(planId);
  const set = await finished(started.body.id);
  dropsReads = false;

  expect(set.changeSet.counts).toMatchObject({ failed: FIELDS, applied: 0 });
  expect(set.items[0]!.error).toMatchObject({
    status: 502,
    message: expect.stringContaining('Nothing was sent; retry sends it'),
  });
  expect(upstream.requests.slice(from).filter(isBulk)).toEqual([]);
  expect(lockedOnInstance()).toBe(0);

  const retried = await call<ChangeSetSummary>('POST', journalPaths.retry(started.body.id), {});
  expect(retried.status).toBe(202);
  expect((await finished(started.body.id)).changeSet.counts.applied).toBe(FIELDS);
  expect(lockedOnInstance()).toBe(FIELDS);
});

it('a retry reads each batch first too: a field changed since the dry run is skipped, not locked unseen', async () => {
  const planId = await planLocks();
  dropsReads = true;
  const started = await confirm(planId);
  expect((await finished(started.body.id)).changeSet.counts.failed).toBe(FIELDS);
  dropsReads = false;
  const { fields } = instance.stores;
  for (const id of [3, 77]) fields.updateField(id, { name: `Renamed ${id}` }, Date.now());

  const from = upstream.requests.length;
  await call<ChangeSetSummary>('POST', journalPaths.retry(started.body.id), {});
  const retried = await finished(started.body.id);

  expect(retried.changeSet.counts).toMatchObject({ applied: FIELDS - 2, skipped: 2, failed: 0 });
  const skipped = retried.items.filter((item) => item.state === 'skipped');
  expect(skipped.map((item) => [item.fieldId, item.reason, item.before?.name])).toEqual([
    [3, 'changed-since', 'Renamed 3'],
    [77, 'changed-since', 'Renamed 77'],
  ]);
  expect([3, 77].map((id) => fields.getField(id)!.locked)).toEqual([false, false]);
  // Each bulk call follows the read of its own batch.
  const sent = upstream.requests
    .slice(from)
    .filter((request) => isRead(request) || isBulk(request));
  expect(sent.filter(isBulk).map((request) => idsOfBulk(request).length)).toEqual([49, 49, 20]);
  const firstBulk = sent.findIndex(isBulk);
  expect(
    sent
      .slice(0, firstBulk)
      .map(idOfRead)
      .sort((a, b) => a - b),
  ).toEqual(ids.slice(0, 50));
});

/** A lock set of every field run to its end, and a kept dry run of its undo. */
const lockedWithUndoPlan = async () => {
  const lock = await finished((await confirm(await planLocks())).body.id);
  expect(lock.changeSet.counts.applied).toBe(FIELDS);
  const undo = await call<UndoAnswer>('POST', journalPaths.undo(lock.changeSet.id), {
    dryRun: true,
  });
  return { lockId: lock.changeSet.id, undoPlanId: undo.body.plan!.id };
};
/** Someone else's edit of locked fields: unlocked, renamed, locked again. */
const editedElsewhere = (few: readonly number[]) => {
  const { fields } = instance.stores;
  for (const id of few) {
    fields.setLocked(id, false, Date.now());
    fields.updateField(id, { name: `Renamed ${id}` }, Date.now());
    fields.setLocked(id, true, Date.now());
  }
};

it("confirms an undo while one field is still as its dry run read it, however late in the undo's order", async () => {
  const { undoPlanId } = await lockedWithUndoPlan();
  // The undo goes last field first: field 1, the only one left as planned, is its last item.
  editedElsewhere(ids.slice(1));
  const started = await confirm(undoPlanId);
  expect(started.status).toBe(202);
  const undo = await finished(started.body.id);
  expect(undo.changeSet.counts).toMatchObject({ applied: 1, skipped: FIELDS - 1 });
  expect(instance.stores.fields.getField(1)!.locked).toBe(false);
});

it('refuses an undo whose every field changed since its dry run (nothingToUndo), recording nothing', async () => {
  const { lockId, undoPlanId } = await lockedWithUndoPlan();
  editedElsewhere(ids);
  const refused = await confirm(undoPlanId);
  expect(refused).toMatchObject({ status: 409, body: { message: nothingToUndo(lockId) } });
  const lock = await call<ChangeSetDetail>('GET', journalPaths.changeSet(lockId));
  expect(lock.body.changeSet.undoneBy).toBeNull();
});
