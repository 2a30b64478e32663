import { afterAll, beforeAll, expect, test } from 'vitest';
import type {
  ChangeSetDetail,
  ChangeSetList,
  ChangeSetRequest,
  PlanItemsPage,
  UndoAnswer,
} from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { TOKEN_HEADER } from '../../contract/paths';
import { nothingToUndo } from '../../contract/undo-rule';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';
import { PLAN_LIFE_MS } from './plan-store';
import { idTakenAgain } from './stale-since-dry-run';
import { journalClient } from './test-support';

const OTHER_TOKEN = 'another-editor-token-for-undo-plan-tests';

let server: TestServer;
let client: ReturnType<typeof journalClient>;
let other: ReturnType<typeof journalClient>;
let clock = Date.UTC(2026, 5, 1);
beforeAll(async () => {
  server = await startTestServer({ now: () => (clock += 1000), withJournal: true });
  server.stores.tokens.addToken('other', OTHER_TOKEN, clock, 'editor');
  client = journalClient(server);
  other = journalClient(server, { [TOKEN_HEADER]: OTHER_TOKEN });
});
afterAll(() => server.close());

/** Each field named `<tag> <id>`, run to its end. */
const renamed = (ids: readonly number[], tag: string): Promise<ChangeSetDetail> =>
  client.run({
    kind: 'rename',
    items: ids.map((id) => ({ id, change: { update: { name: `${tag} ${id}` } } })),
  } satisfies ChangeSetRequest);
/** The undo's dry run of set `id`, kept: its answer. */
const undoPlan = async (id: number, asking = client) => {
  const { status, body } = await asking.call<UndoAnswer>('POST', journalPaths.undo(id), {
    dryRun: true,
  });
  expect(status).toBe(200);
  expect(body.changeSet).toBeNull();
  return body.plan!;
};
const page = (id: number, query = '', asking = client) =>
  asking.call<PlanItemsPage>('GET', `${journalPaths.planItems(id)}?${query}`);
const confirm = (planId: number, asking = client) =>
  asking.call<{ id: number; message?: string }>('POST', journalPaths.changeSets, { planId });
const setCount = async () =>
  (await client.call<ChangeSetList>('GET', journalPaths.changeSets)).body.total;
const undoneBy = async (id: number) => (await client.detail(id)).body.changeSet.undoneBy;

test("an undo's dry run is kept: its counts and first items at once, the rest by page, and no field changed", async () => {
  const set = await renamed([3, 4, 5, 6], 'Kept undo');
  const plan = await undoPlan(set.changeSet.id);
  expect(plan).toMatchObject({ kind: 'undo', counts: { change: 4, skip: 0 } });
  expect(plan.expiresAt).toBeGreaterThan(clock);
  // Last item first, as the undo puts them back.
  expect(plan.items.map((item) => item.id)).toEqual([6, 5, 4, 3]);
  expect(plan.items[0]).toMatchObject({
    action: 'change',
    before: { name: 'Kept undo 6' },
    after: { name: set.items[3]!.before!.name },
  });

  const middle = await page(plan.id, 'offset=1&limit=2');
  expect(middle.status).toBe(200);
  expect(middle.body).toEqual({ total: 4, items: plan.items.slice(1, 3) });
  expect((await client.field(4))?.name).toBe('Kept undo 4');
  expect(await undoneBy(set.changeSet.id)).toBeNull();
});

test('confirmed by its id: the set put back as an undo of it, and never a second time', async () => {
  const set = await renamed([7, 8], 'To undo');
  const plan = await undoPlan(set.changeSet.id);
  const sets = await setCount();
  const started = await confirm(plan.id);
  expect(started.status).toBe(202);
  const undo = await client.finished(started.body.id);
  expect(undo.changeSet).toMatchObject({
    kind: 'undo',
    undoOf: set.changeSet.id,
    note: `undo of change set ${set.changeSet.id}`,
    person: 'test',
  });
  expect(undo.items.map(({ fieldId, state }) => [fieldId, state])).toEqual([
    [8, 'applied'],
    [7, 'applied'],
  ]);
  expect((await client.field(7))?.name).toBe(set.items[0]!.before!.name);
  expect(await undoneBy(set.changeSet.id)).toBe(undo.changeSet.id);

  const again = await confirm(plan.id);
  expect(again.status).toBe(409);
  expect(again.body.message).toContain(`change set ${undo.changeSet.id}`);
  expect(await setCount()).toBe(sets + 1);
});

test('two dry runs of one undo: once one is confirmed, the other is refused as undone already', async () => {
  const set = await renamed([9], 'Twice');
  const first = await undoPlan(set.changeSet.id);
  const second = await undoPlan(set.changeSet.id);
  const started = await confirm(second.id);
  expect(started.status).toBe(202);
  await client.finished(started.body.id);
  const sets = await setCount();
  const refused = await confirm(first.id);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(
    `change set ${set.changeSet.id} was undone already, by change set ${started.body.id}`,
  );
  expect(await setCount()).toBe(sets);
});

test('two dry runs of one undo confirmed at once record one undo', async () => {
  const set = await renamed([6], 'At once');
  const plans = [await undoPlan(set.changeSet.id), await undoPlan(set.changeSet.id)];
  const sets = await setCount();
  const answers = await Promise.all(plans.map((plan) => confirm(plan.id)));
  expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
  const started = answers.find((answer) => answer.status === 202)!.body.id;
  await client.finished(started);
  expect(await setCount()).toBe(sets + 1);
  expect(await undoneBy(set.changeSet.id)).toBe(started);
});

test("an undo's record refuses, in its own transaction, a set undone since its confirmation began", async () => {
  const set = await renamed([6], 'Undone meanwhile');
  const plan = await undoPlan(set.changeSet.id);
  // Undone by another request while this confirmation read the fields again (proxy mode: over the network).
  const other = await client.undo(set.changeSet.id);
  await client.finished(other.body.changeSet!.id);
  const sets = await setCount();
  const undo = { kind: 'undo' as const, note: null, person: 'test', undoOf: set.changeSet.id };
  expect(server.journal!.store.recordPlanned(undo, plan.id, clock)).toBeUndefined();
  expect(await setCount()).toBe(sets);
  expect(await undoneBy(set.changeSet.id)).toBe(other.body.changeSet!.id);
});

test('a field changed between the dry run and its confirmation is skipped as changed since; the rest are put back', async () => {
  const set = await renamed([11, 12], 'Changed later');
  const plan = await undoPlan(set.changeSet.id);
  expect(plan.counts).toEqual({ change: 2, skip: 0 });
  await renamed([12], 'Renamed meanwhile');
  const started = await confirm(plan.id);
  expect(started.status).toBe(202);
  const undo = await client.finished(started.body.id);
  expect(undo.items[0]).toMatchObject({ fieldId: 12, state: 'skipped', reason: 'changed-since' });
  expect(undo.items[0]!.before?.name).toBe('Renamed meanwhile 12');
  expect(undo.items[1]).toMatchObject({ fieldId: 11, state: 'applied' });
  expect((await client.field(12))?.name).toBe('Renamed meanwhile 12');
  expect((await client.field(11))?.name).toBe(set.items[0]!.before!.name);
});

test('every field changed since the dry run: refused as nothing to undo, nothing recorded, the set not undone', async () => {
  const set = await renamed([13], 'Alone');
  const plan = await undoPlan(set.changeSet.id);
  await renamed([13], 'Someone else');
  const sets = await setCount();
  const refused = await confirm(plan.id);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(nothingToUndo(set.changeSet.id));
  expect(await setCount()).toBe(sets);
  expect(await undoneBy(set.changeSet.id)).toBeNull();
  expect((await client.field(13))?.name).toBe('Someone else 13');
});

test('a dry run that skips every field is refused as nothing to undo when confirmed', async () => {
  const set = await renamed([14], 'Changed before the dry run');
  await renamed([14], 'And again');
  const plan = await undoPlan(set.changeSet.id);
  expect(plan.counts).toEqual({ change: 0, skip: 1 });
  const refused = await confirm(plan.id);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(nothingToUndo(set.changeSet.id));
  expect(await undoneBy(set.changeSet.id)).toBeNull();
});

test("another person's undo plan is not theirs to read or confirm: 404, nothing recorded", async () => {
  const set = await renamed([3], 'Mine to undo');
  const plan = await undoPlan(set.changeSet.id);
  const sets = await setCount();
  expect((await page(plan.id, '', other)).status).toBe(404);
  const refused = await confirm(plan.id, other);
  expect(refused.status).toBe(404);
  expect(refused.body.message).toContain('no dry run');
  expect(await setCount()).toBe(sets);
  expect(await undoneBy(set.changeSet.id)).toBeNull();
});

test('an expired undo plan is refused with 410 and changes nothing', async () => {
  const set = await renamed([4], 'Undone too late');
  const plan = await undoPlan(set.changeSet.id);
  const sets = await setCount();
  clock += PLAN_LIFE_MS;
  expect((await page(plan.id)).status).toBe(410);
  const refused = await confirm(plan.id);
  expect(refused.status).toBe(410);
  expect(refused.body.message).toContain('run it again');
  expect(await setCount()).toBe(sets);
  expect((await client.field(4))?.name).toBe('Undone too late 4');
});

test('a deleted field is created again from the kept plan, and an undo of that undo deletes it again', async () => {
  const deleted = await client.run({
    kind: 'delete',
    items: [{ id: 10, change: { delete: true } }],
  });
  const plan = await undoPlan(deleted.changeSet.id);
  expect(plan.items).toMatchObject([{ id: 10, action: 'change', before: null }]);
  const undo = await client.finished((await confirm(plan.id)).body.id);
  expect(undo.items).toMatchObject([{ change: { restore: true }, state: 'applied' }]);
  expect((await client.field(10))?.id).toBe(10);

  const again = await undoPlan(undo.changeSet.id);
  expect(again.items).toMatchObject([{ id: 10, action: 'change', after: null }]);
  const undoOfUndo = await client.finished((await confirm(again.id)).body.id);
  expect(undoOfUndo.changeSet).toMatchObject({ kind: 'undo', undoOf: undo.changeSet.id });
  expect(undoOfUndo.items).toMatchObject([{ change: { delete: true }, state: 'applied' }]);
  expect(await client.field(10)).toBeUndefined();
});

test("a restore is skipped when a field has the deleted field's id again by its confirmation", async () => {
  const field = (await client.field(1))!;
  const deleted = await client.run({
    kind: 'delete',
    allowUsed: true,
    items: [
      { id: 1, change: { delete: true } },
      { id: 5, change: { update: { name: 'Beside the delete' } } },
    ],
  });
  const plan = await undoPlan(deleted.changeSet.id);
  expect(plan.counts).toEqual({ change: 2, skip: 0 });
  // The id taken again behind the journal's back (a restore the journal did not record).
  server.stores.fields.restoreField({ ...field, name: 'Someone else' });
  const undo = await client.finished((await confirm(plan.id)).body.id);
  expect(undo.items).toMatchObject([
    { fieldId: 5, state: 'applied' },
    {
      fieldId: 1,
      change: { restore: true },
      state: 'skipped',
      reason: 'changed-since',
      message: idTakenAgain(1),
      before: { name: 'Someone else' },
    },
  ]);
  expect((await client.field(1))?.name).toBe('Someone else');
});
