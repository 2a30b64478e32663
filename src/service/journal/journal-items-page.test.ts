import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ChangeSetDetail, ChangeSetItemsPage } from '../../contract/journal';
import { journalPaths, MAX_ITEMS_PAGE } from '../../contract/journal';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';
import { journalClient } from './test-support';

let server: TestServer;
let client: ReturnType<typeof journalClient>;
let set: ChangeSetDetail;
beforeAll(async () => {
  server = await startTestServer({ withJournal: true });
  client = journalClient(server);
  // A lock of the fixture's fields 1 to 14: field 2 is locked already, so skipped.
  set = await client.run({
    kind: 'lock',
    items: Array.from({ length: 14 }, (_, index) => ({
      id: index + 1,
      change: { update: { locked: true } },
    })),
  });
});
afterAll(() => server.close());

const page = (query: string) =>
  client.call<ChangeSetItemsPage>('GET', `${journalPaths.items(set.changeSet.id)}?${query}`);

test("a page of a set's items, in the set's order, says how many there are in all", async () => {
  const first = await page('limit=5');
  expect(first.status).toBe(200);
  expect(first.body.total).toBe(14);
  expect(first.body.items).toEqual(set.items.slice(0, 5));

  const last = await page('offset=10&limit=5');
  expect(last.body.total).toBe(14);
  expect(last.body.items).toEqual(set.items.slice(10));
});

test('the items in one state only, counted exactly', async () => {
  const skipped = await page('state=skipped');
  expect(skipped.body.total).toBe(set.changeSet.counts.skipped);
  expect(skipped.body.items.map((item) => item.fieldId)).toEqual([2]);
  const applied = await page('state=applied&offset=1&limit=2');
  expect(applied.body.total).toBe(set.changeSet.counts.applied);
  expect(applied.body.items).toEqual(
    set.items.filter((item) => item.state === 'applied').slice(1, 3),
  );
});

test.each([
  ['limit=0', 'limit'],
  [`limit=${MAX_ITEMS_PAGE + 1}`, 'limit'],
  ['limit=ten', 'limit'],
  ['offset=-1', 'offset'],
  ['offset=100001', 'offset'],
  ['state=done', 'state'],
  ['order=position', ''],
])('%s is refused with 400 in the error shape', async (query, field) => {
  const { status, body } = await page(query);
  expect(status).toBe(400);
  expect(body).toMatchObject({
    status: 400,
    errors: [expect.objectContaining({ field: expect.stringContaining(field) })],
  });
  expect(JSON.stringify(body).length).toBeLessThan(2000);
});

test('a set no one recorded is 404, a malformed id 400', async () => {
  expect((await client.call('GET', journalPaths.items(9999))).status).toBe(404);
  expect((await client.call('GET', journalPaths.items('x1'))).status).toBe(400);
});
