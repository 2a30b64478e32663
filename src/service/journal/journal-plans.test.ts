import { afterAll, beforeAll, expect, test } from 'vitest';
import type {
  ChangeSetList,
  ChangeSetRequest,
  KeptPlan,
  PlanItemsPage,
} from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { TOKEN_HEADER } from '../../contract/paths';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';
import { PLAN_LIFE_MS, PLANS_KEPT_PER_PERSON } from './plan-store';
import { journalClient } from './test-support';

const OTHER_TOKEN = 'another-editor-token-for-plan-tests';
const READER_TOKEN = 'a-reader-token-for-plan-tests';

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

/** Each field named `<tag> <id>`: always a change. */
const rename = (ids: readonly number[], tag: string): ChangeSetRequest => ({
  kind: 'rename',
  items: ids.map((id) => ({ id, change: { update: { name: `${tag} ${id}` } } })),
});
const keep = async (request: ChangeSetRequest, asking = client) => {
  const { status, body } = await asking.call<KeptPlan>('POST', journalPaths.plans, request);
  expect(status).toBe(200);
  return body;
};
const page = (id: number | string, query = '', asking = client) =>
  asking.call<PlanItemsPage>('GET', `${journalPaths.planItems(id)}?${query}`);
const confirm = (planId: unknown, asking = client) =>
  asking.call<{ id: number; status?: number; message?: string }>('POST', journalPaths.changeSets, {
    planId,
  });
const setCount = async () =>
  (await client.call<ChangeSetList>('GET', journalPaths.changeSets)).body.total;

test('a dry run is kept: its counts and first items at once, the rest by page, and no field changed', async () => {
  // The fixture's fields 1 to 14; field 2 is locked already, so skipped.
  const plan = await keep({
    kind: 'lock',
    items: Array.from({ length: 14 }, (_, index) => ({
      id: index + 1,
      change: { update: { locked: true } },
    })),
  });
  expect(plan).toMatchObject({ kind: 'lock', counts: { change: 13, skip: 1 } });
  expect(plan.expiresAt).toBeGreaterThan(clock);
  expect(plan.items.map((item) => item.id)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));

  const middle = await page(plan.id, 'offset=10&limit=3');
  expect(middle.status).toBe(200);
  expect(middle.body).toEqual({ total: 14, items: plan.items.slice(10, 13) });
  const skipped = await page(plan.id, 'action=skip');
  expect(skipped.body.total).toBe(1);
  expect(skipped.body.items).toEqual([plan.items[1]]);
  expect(skipped.body.items[0]).toMatchObject({ id: 2, reason: 'no-change' });
  expect((await client.field(1))?.locked).toBe(false);
});

test('confirmed by its id: exactly the planned changes, recorded as planned, and never a second time', async () => {
  const plan = await keep(rename([3, 4, 5], 'Confirmed'));
  const sets = await setCount();
  const started = await confirm(plan.id);
  expect(started.status).toBe(202);
  const done = await client.finished(started.body.id);
  expect(done.changeSet).toMatchObject({ kind: 'rename', person: 'test' });
  expect(done.items.map(({ fieldId, state }) => [fieldId, state])).toEqual([
    [3, 'applied'],
    [4, 'applied'],
    [5, 'applied'],
  ]);
  expect(done.items[0]!.before).toEqual(plan.items[0]!.before);
  expect((await client.field(4))?.name).toBe('Confirmed 4');

  const again = await confirm(plan.id);
  expect(again.status).toBe(409);
  expect(again.body.message).toContain(`change set ${started.body.id}`);
  expect(await setCount()).toBe(sets + 1);
});

test('two confirmations at once start one set', async () => {
  const plan = await keep(rename([6, 7], 'Once'));
  const sets = await setCount();
  const answers = await Promise.all([confirm(plan.id), confirm(plan.id)]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
  await client.finished(answers.find((answer) => answer.status === 202)!.body.id);
  expect(await setCount()).toBe(sets + 1);
});

test('a field changed between the dry run and its confirmation is skipped as changed since; the rest go ahead', async () => {
  const plan = await keep(rename([8, 9], 'Planned'));
  await client.run({
    kind: 'rename',
    items: [{ id: 8, change: { update: { name: 'Renamed meanwhile' } } }],
  });
  const started = await confirm(plan.id);
  const done = await client.finished(started.body.id);
  expect(done.items[0]).toMatchObject({ fieldId: 8, state: 'skipped', reason: 'changed-since' });
  expect(done.items[0]!.before?.name).toBe('Renamed meanwhile');
  expect(done.items[1]).toMatchObject({ fieldId: 9, state: 'applied' });
  expect((await client.field(8))?.name).toBe('Renamed meanwhile');
  expect((await client.field(9))?.name).toBe('Planned 9');
});

test("another person's plan is not theirs to read or confirm: 404, nothing recorded", async () => {
  const plan = await keep(rename([10], 'Theirs'));
  const sets = await setCount();
  expect((await page(plan.id, '', other)).status).toBe(404);
  const refused = await confirm(plan.id, other);
  expect(refused.status).toBe(404);
  expect(refused.body).toMatchObject({
    status: 404,
    message: expect.stringContaining('no dry run'),
  });
  expect(await setCount()).toBe(sets);
  expect((await client.field(10))?.name).not.toBe('Theirs 10');
});

test("a reader's own plan is answered, and its confirmation refused with 403", async () => {
  server.stores.tokens.addToken('reading', READER_TOKEN, clock, 'reader');
  const reader = journalClient(server, { [TOKEN_HEADER]: READER_TOKEN });
  const plan = await keep(rename([14], 'Read only'), reader);
  expect(plan.items[0]).toMatchObject({ action: 'skip', reason: 'forbidden' });
  const sets = await setCount();
  expect((await confirm(plan.id, reader)).status).toBe(403);
  expect(await setCount()).toBe(sets);
});

test('an expired plan is refused with 410 and changes nothing', async () => {
  const plan = await keep(rename([11], 'Late'));
  const sets = await setCount();
  clock += PLAN_LIFE_MS;
  expect((await page(plan.id)).status).toBe(410);
  const refused = await confirm(plan.id);
  expect(refused.status).toBe(410);
  expect(refused.body.message).toContain('run it again');
  expect(await setCount()).toBe(sets);
  expect((await client.field(11))?.name).not.toBe('Late 11');
});

test("a person's oldest plans expire when newer ones pass the bound", async () => {
  const plans: KeptPlan[] = [];
  for (let made = 0; made <= PLANS_KEPT_PER_PERSON; made += 1)
    plans.push(await keep(rename([12], `Plan ${made}`)));
  expect((await page(plans[0]!.id)).status).toBe(410);
  expect((await page(plans.at(-1)!.id)).status).toBe(200);
  expect((await page(plans[1]!.id)).status).toBe(200);
});

test.each([
  ['limit=0', 'limit'],
  ['limit=1001', 'limit'],
  ['offset=-1', 'offset'],
  ['action=pending', 'action'],
  ['order=position', ''],
])('a page asked with %s is refused with 400 in the error shape', async (query, field) => {
  const plan = await keep(rename([13], 'Paged'));
  const { status, body } = await page(plan.id, query);
  expect(status).toBe(400);
  expect(body).toMatchObject({
    status: 400,
    errors: [expect.objectContaining({ field: expect.stringContaining(field) })],
  });
  expect(JSON.stringify(body).length).toBeLessThan(2000);
});

test('a malformed plan id is 400, on its items and on a confirmation', async () => {
  expect((await page('x1')).status).toBe(400);
  expect((await confirm('1')).status).toBe(400);
  const withItems = await client.call('POST', journalPaths.changeSets, {
    planId: 1,
    kind: 'lock',
  });
  expect(withItems.status).toBe(400);
});
