import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSetList, FieldHistory, Me } from '../../contract/journal';
import { journalPaths, MAX_CHANGE_SETS_LISTED } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import {
  CHANGED_AGAIN,
  nothingToUndo,
  onlyFieldUndone,
  undoRefusal,
} from '../../contract/undo-rule';
import type { FieldRecordInput } from '../instance/instance-file';
import { fixtureInstance, SALES } from '../test-support/fixture-instance';
import { storeFingerprint } from '../test-support/store-fingerprint';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';
import { journalClient } from './test-support';

const READER_TOKEN = 'reader-token-for-journal-tests';
// The fixture plus field 15, which nests "Gross Margin" (field 1) by its id.
const nesting: FieldRecordInput = {
  id: 15,
  name: 'Margin Pct',
  owner: 101,
  expression: 'SERVICE_BEAST_MODE(1) * 100',
  links: [{ type: 'DATA_SOURCE', id: SALES, visible: true, active: true }],
};

let server: TestServer;
let client: ReturnType<typeof journalClient>;
let reader: ReturnType<typeof journalClient>;
let clock = Date.UTC(2026, 5, 1);
beforeAll(async () => {
  server = await startTestServer({
    instance: { ...fixtureInstance, fields: [...fixtureInstance.fields, nesting] },
    now: () => (clock += 1000),
    withJournal: true,
  });
  server.stores.tokens.addToken('reading', READER_TOKEN, clock, 'reader');
  client = journalClient(server);
  reader = journalClient(server, { [TOKEN_HEADER]: READER_TOKEN });
});
afterAll(() => server.close());

describe('who may write', () => {
  it('answers the token name, role and whether it may write', async () => {
    expect((await client.call<Me>('GET', journalPaths.me)).body).toEqual({
      person: 'test',
      role: 'editor',
      canWrite: true,
    });
    expect((await reader.call<Me>('GET', journalPaths.me)).body).toEqual({
      person: 'reading',
      role: 'reader',
      canWrite: false,
    });
  });

  it('refuses every write of a reader with 403 in the error shape, and changes nothing', async () => {
    const before = storeFingerprint(server.dataFile);
    const writes: Array<[string, string, unknown]> = [
      ['PUT', apiPaths.template(3), { locked: true }],
      ['PUT', apiPaths.template(3), { name: 'Renamed' }],
      ['DELETE', apiPaths.template(10), undefined],
      ['POST', apiPaths.templates, { name: 'x', owner: 101, expression: '1', links: [] }],
      ['POST', apiPaths.bulkTemplate, { delete: [10] }],
      [
        'POST',
        journalPaths.changeSets,
        { kind: 'rename', items: [{ id: 3, change: { update: { name: 'R' } } }] },
      ],
      ['POST', journalPaths.undo(1), { dryRun: false }],
      ['POST', journalPaths.retry(1), {}],
      ['POST', journalPaths.check(1), {}],
      ['POST', journalPaths.cancel(1), {}],
    ];
    for (const [method, path, body] of writes) {
      const response = await server.request(method, path, body, { [TOKEN_HEADER]: READER_TOKEN });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ status: 403, statusReason: 'Forbidden' });
    }
    expect(storeFingerprint(server.dataFile)).toEqual(before);
    // Reading still works.
    const search = await server.request(
      'POST',
      apiPaths.search,
      { filters: [], sort: { field: 'id', ascending: true }, limit: 1 },
      { [TOKEN_HEADER]: READER_TOKEN },
    );
    expect(search.status).toBe(200);
  });

  it('plans for a reader with every item skipped as forbidden', async () => {
    const { body } = await reader.plan({
      kind: 'archive',
      items: [{ id: 3, change: { update: { archived: true } } }],
    });
    expect(body).toMatchObject({
      counts: { change: 0, skip: 1 },
      items: [{ reason: 'forbidden' }],
    });
  });

  it('refuses a request without a token with 401', async () => {
    const response = await server.request('GET', journalPaths.me, undefined, {
      [TOKEN_HEADER]: '',
    });
    expect(response.status).toBe(401);
  });
});

describe('dry runs: POST /plans', () => {
  it('says what each item would do, and why not, and changes nothing', async () => {
    const before = storeFingerprint(server.dataFile);
    const three = (await client.field(3))!;
    const { status, body } = await client.plan({
      kind: 'edit',
      items: [
        { id: 3, change: { update: { expression: 'DATEDIFF(`Order Date`, CURRENT_DATE())' } } },
        { id: 2, change: { update: { owner: 101 } } },
        { id: 1, change: { delete: true } },
        { id: 99, change: { update: { archived: true } } },
        { id: 4, change: { update: { archived: true } } },
        { id: 5, change: { update: { name: 'Region' } }, basedOn: { checkSum: 'stale' } },
        { id: 11, change: { update: { expression: 'SUM(`Amount`' } } },
        { id: 12, change: { update: { owner: 999 } } },
      ],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'edit',
      counts: { change: 1, skip: 7 },
      items: [
        {
          id: 3,
          action: 'change',
          before: { expression: three.expression },
          after: { status: 'VALID', checkSum: expect.not.stringMatching(three.checkSum) },
        },
        { id: 2, action: 'skip', reason: 'locked' },
        { id: 1, action: 'skip', reason: 'used', message: expect.stringContaining('1 field') },
        { id: 99, action: 'skip', reason: 'not-found' },
        { id: 4, action: 'skip', reason: 'no-change' },
        { id: 5, action: 'skip', reason: 'changed-since' },
        { id: 11, action: 'skip', reason: 'invalid' },
        { id: 12, action: 'skip', reason: 'invalid', message: expect.stringContaining('999') },
      ],
    });
    expect(storeFingerprint(server.dataFile)).toEqual(before);
  });

  it('skips an update that leaves the expression INVALID, unless allowInvalid', async () => {
    const request = {
      kind: 'edit' as const,
      items: [{ id: 11, change: { update: { expression: 'SUM(`Amount`' } } }],
    };
    expect((await client.plan(request)).body).toMatchObject({ items: [{ reason: 'invalid' }] });
    expect((await client.plan({ ...request, allowInvalid: true })).body).toMatchObject({
      items: [{ action: 'change', after: { status: 'INVALID' } }],
    });
  });

  it('skips a delete of a field a card uses, unless allowUsed', async () => {
    const used = await client.plan({
      kind: 'delete',
      items: [{ id: 14, change: { delete: true } }],
    });
    expect(used.body).toMatchObject({
      items: [{ reason: 'used', message: expect.stringContaining('1 card') }],
    });
    const allowed = await client.plan({
      kind: 'delete',
      allowUsed: true,
      items: [{ id: 14, change: { delete: true } }],
    });
    expect(allowed.body).toMatchObject({ items: [{ action: 'change', after: null }] });
  });

  it('derives the after of a rename as the write would, nested references included', async () => {
    const { body } = await client.plan({
      kind: 'rename',
      items: [
        { id: 1, change: { update: { name: 'Margin' } } },
        { id: 3, change: { update: { expression: 'SERVICE_BEAST_MODE(15) + 1' } } },
      ],
    });
    expect(body).toMatchObject({
      items: [
        { action: 'change', after: { name: 'Margin', status: 'VALID' } },
        { action: 'change', after: { status: 'VALID', functionTemplateDependencies: [15] } },
      ],
    });
  });

  // The app confirms a dry run with each item based on the version it showed: at 100,000
  // items that body is 14 MB, and an 8 MB limit refused every such change with 413.
  it('reads a change set of 100,000 items, each with the version its dry run showed', async () => {
    const items = Array.from({ length: 100_000 }, (_, index) => ({
      id: 1_000_000 + index,
      change: { update: { locked: true } },
      basedOn: {
        checkSum: 'ece2fd40c69b0c3166db945b717c52cc3ddfc128',
        lastModified: 1685903172279,
      },
    }));
    // An unknown kind: the body is read and refused for that, before anything is planned.
    const { status } = await client.call('POST', journalPaths.changeSets, { kind: 'nope', items });
    expect(status).toBe(400);
  });

  it('answers a malformed request with 400 in the error shape, naming the item', async () => {
    const { status, body } = await client.call('POST', journalPaths.plans, {
      kind: 'rename',
      items: [{ id: -1, change: { update: {} } }],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      status: 400,
      errors: expect.arrayContaining([
        expect.objectContaining({ field: expect.stringContaining('items[0]') }),
      ]),
    });
  });
});

describe('change sets', () => {
  it('records a set, runs it, and keeps each field before and after', async () => {
    const before = (await client.field(5))!;
    const detail = await client.run({
      kind: 'owner',
      note: 'handover',
      items: [
        { id: 5, change: { update: { owner: 102 } } },
        { id: 2, change: { update: { owner: 101 } } },
      ],
    });
    expect(detail.changeSet).toMatchObject({
      kind: 'owner',
      note: 'handover',
      person: 'test',
      state: 'done',
      counts: { total: 2, applied: 1, skipped: 1 },
    });
    const [applied, skipped] = detail.items;
    expect(applied).toMatchObject({ fieldId: 5, state: 'applied', before, after: { owner: 102 } });
    expect(skipped).toMatchObject({ fieldId: 2, state: 'skipped', reason: 'locked' });
    expect((await client.field(5))!.owner).toBe(102);
  });

  it('unlocks, changes and locks in one item', async () => {
    const detail = await client.run({
      kind: 'edit',
      items: [{ id: 2, change: { update: { locked: false, name: 'GM %' } } }],
    });
    expect(detail.items[0]).toMatchObject({
      state: 'applied',
      after: { name: 'GM %', locked: false },
    });
  });

  it('lists sets newest first, filtered by person, kind, date and field, and paged', async () => {
    const all = (await client.call<ChangeSetList>('GET', journalPaths.changeSets)).body;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.changeSets[0]!.id).toBeGreaterThan(all.changeSets[1]!.id);
    const owner = (
      await client.call<ChangeSetList>('GET', `${journalPaths.changeSets}?kind=owner&person=test`)
    ).body;
    expect(owner.changeSets.map((set) => set.kind)).toEqual(['owner']);
    const field2 = (await client.call<ChangeSetList>('GET', `${journalPaths.changeSets}?fieldId=5`))
      .body;
    expect(field2.total).toBe(1);
    const none = (
      await client.call<ChangeSetList>(
        'GET',
        `${journalPaths.changeSets}?from=${clock + 10_000_000}`,
      )
    ).body;
    expect(none).toEqual({ total: 0, changeSets: [] });
    const paged = (
      await client.call<ChangeSetList>('GET', `${journalPaths.changeSets}?limit=1&offset=1`)
    ).body;
    expect(paged.changeSets).toHaveLength(1);
    expect(paged.changeSets[0]!.id).toBe(all.changeSets[1]!.id);
    const bad = await client.call('GET', `${journalPaths.changeSets}?kind=nope&limit=9999`);
    expect(bad.status).toBe(400);
  });

  it('names the one field of a set that holds one, so a list can say which field changed', async () => {
    const one = await client.run({
      kind: 'rename',
      items: [{ id: 4, change: { update: { name: 'Units Sold' } } }],
    });
    const sets = (await client.call<ChangeSetList>('GET', journalPaths.changeSets)).body.changeSets;
    // Named as its item names it: as the field was when the set was made.
    expect(sets.find((set) => set.id === one.changeSet.id)!.onlyField).toMatchObject({
      id: 4,
      name: '100% Sure',
    });
    // A set of two names none: its items say which.
    const two = sets.find((set) => set.counts.total === 2)!;
    expect(two.onlyField).toBeNull();
  });

  it('answers 404 for a set no one recorded and 400 for a malformed id', async () => {
    expect((await client.detail(9999)).status).toBe(404);
    expect((await client.call('GET', journalPaths.changeSet('x1'))).status).toBe(400);
  });

  it('refuses a retry, check or undo of a running set, and a cancel of one that is not', async () => {
    const ids = [3, 4, 5, 6, 7, 8, 9, 10];
    const started = await client.start({
      kind: 'archive',
      allowUsed: true,
      items: Array.from({ length: 400 }, (_, index) => ({
        id: ids[index % ids.length]!,
        change: { update: { hidden: index % 2 === 0 } },
      })),
    });
    expect(started.status).toBe(202);
    // It may already be done on a fast machine; either answer is in the error shape.
    const cancel = await client.call('POST', journalPaths.cancel(started.body.id), {});
    expect([200, 409]).toContain(cancel.status);
    const done = await client.finished(started.body.id);
    expect(['done', 'cancelled']).toContain(done.changeSet.state);
    expect((await client.call('POST', journalPaths.cancel(started.body.id), {})).status).toBe(409);
  });
  it("refuses a retry by anyone but the set's person: the journal would record their sends as the other's", async () => {
    server.stores.tokens.addToken(
      'colleague',
      'colleague-token-for-journal-tests',
      clock,
      'editor',
    );
    const colleague = journalClient(server, {
      [TOKEN_HEADER]: 'colleague-token-for-journal-tests',
    });
    const set = await client.run({
      kind: 'rename',
      items: [{ id: 4, change: { update: { name: 'Renamed by test' } } }],
    });
    const before = storeFingerprint(server.dataFile);
    const refused = await colleague.call<{ message: string }>(
      'POST',
      journalPaths.retry(set.changeSet.id),
      {},
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `change set ${set.changeSet.id} was made by test, and the journal records its changes as theirs: only they may retry it`,
    );
    expect(storeFingerprint(server.dataFile)).toEqual(before);
    expect((await client.call('POST', journalPaths.retry(set.changeSet.id), {})).status).toBe(202);
    await client.finished(set.changeSet.id);
  });
});

describe('undo', () => {
  it('puts every field back, refusing and listing one changed again since', async () => {
    const one = (await client.field(11))!;
    const two = (await client.field(12))!;
    const set = await client.run({
      kind: 'rename',
      items: [
        { id: 11, change: { update: { name: 'Label' } } },
        { id: 12, change: { update: { name: 'Minus One' } } },
      ],
    });
    expect(set.changeSet.counts.applied).toBe(2);
    // Someone changes field 12 again.
    await server.request('PUT', apiPaths.template(12), { owner: 103 });

    const dry = await client.undo(set.changeSet.id, true);
    expect(dry.body.changeSet).toBeNull();
    expect(dry.body.plan?.items).toMatchObject([
      { id: 12, action: 'skip', reason: 'changed-since', message: CHANGED_AGAIN },
      { id: 11, action: 'change', after: { name: one.name } },
    ]);
    const undo = await client.undo(set.changeSet.id);
    expect(undo.status).toBe(202);
    const undone = await client.finished(undo.body.changeSet!.id);
    expect(undone.changeSet).toMatchObject({ kind: 'undo', undoOf: set.changeSet.id });
    expect(await client.field(11)).toMatchObject({ name: one.name, expression: one.expression });
    expect((await client.field(12))!.name).toBe('Minus One');
    expect(two.name).not.toBe('Minus One');
    expect((await client.detail(set.changeSet.id)).body.changeSet.undoneBy).toBe(
      undone.changeSet.id,
    );
    // Undone once is enough.
    expect(await client.undo(set.changeSet.id)).toMatchObject({
      status: 409,
      body: {
        status: 409,
        message: `change set ${set.changeSet.id} was undone already, by change set ${undone.changeSet.id}`,
      },
    });
  });

  it('lists a one-field set with its field as the set left it and as it is now, so the undo rule refuses in the list as the undo does', async () => {
    const set = await client.run({
      kind: 'rename',
      items: [{ id: 12, change: { update: { name: 'Renamed in a set of one' } } }],
    });
    const listed = async () =>
      (
        await client.call<ChangeSetList>('GET', `${journalPaths.changeSets}?fieldId=12`)
      ).body.changeSets.find(({ id }) => id === set.changeSet.id)!;
    const left = set.items[0]!.after!;
    const stamp = { checkSum: left.checkSum, lastModified: left.lastModified };
    expect((await listed()).onlyField).toEqual({
      id: 12,
      name: set.items[0]!.fieldName,
      after: stamp,
      now: stamp,
    });
    expect(undoRefusal(await listed(), onlyFieldUndone(await listed()))).toBeUndefined();

    // Someone renames the field again: the list says so, and the undo refuses it alike.
    await server.request('PUT', apiPaths.template(12), { name: 'Renamed by someone' });
    const now = await listed();
    expect(now.onlyField!.now).not.toEqual(stamp);
    expect(undoRefusal(now, onlyFieldUndone(now))).toBe(
      `change set ${set.changeSet.id} changed this field alone, and ${CHANGED_AGAIN}`,
    );
    expect((await client.undo(set.changeSet.id)).status).toBe(409);
  });

  it('refuses an undo with nothing to put back, recording nothing: the set is not undone', async () => {
    const set = await client.run({
      kind: 'rename',
      items: [{ id: 13, change: { update: { name: 'Renamed by the set' } } }],
    });
    // Someone renames the field again: the set's one field changed since.
    await server.request('PUT', apiPaths.template(13), { name: 'Renamed by someone' });
    const before = storeFingerprint(server.dataFile);

    expect(await client.undo(set.changeSet.id)).toMatchObject({
      status: 409,
      body: { status: 409, message: nothingToUndo(set.changeSet.id) },
    });
    expect(storeFingerprint(server.dataFile)).toEqual(before);
    expect((await client.detail(set.changeSet.id)).body.changeSet.undoneBy).toBeNull();
  });

  it('creates a deleted field again with its id, and the fields that nested it find it again', async () => {
    const gross = (await client.field(1))!;
    const set = await client.run({
      kind: 'delete',
      allowUsed: true,
      items: [{ id: 1, change: { delete: true } }],
    });
    expect(set.items[0]).toMatchObject({ state: 'applied', after: null });
    expect(await client.field(1)).toBeUndefined();

    const undo = await client.undo(set.changeSet.id);
    const undone = await client.finished(undo.body.changeSet!.id);
    // The same id: nothing to repoint, so the undo is the restore alone.
    expect(undone.items).toMatchObject([{ change: { restore: true }, state: 'applied' }]);
    expect(await client.field(1)).toMatchObject({
      id: 1,
      name: gross.name,
      expression: gross.expression,
      legacyId: gross.legacyId,
      created: gross.created,
    });
    const margin = await server.request('POST', apiPaths.search, {
      filters: [{ field: 'templateDependencies', value: 1 }],
      sort: { field: 'id', ascending: true },
      limit: 10,
    });
    expect(
      ((await margin.json()) as { results: Array<{ id: number }> }).results.map(
        (field) => field.id,
      ),
    ).toEqual([15]);
    expect((await client.field(15))!.status).toBe('VALID');
  });

  it('creates a field without links again too, as it was recorded', async () => {
    const noLinks = (await client.field(10))!;
    const set = await client.run({ kind: 'delete', items: [{ id: 10, change: { delete: true } }] });
    const undo = await client.undo(set.changeSet.id);
    await client.finished(undo.body.changeSet!.id);
    const back = (await client.field(10))!;
    expect(back).toEqual({ ...noLinks, lastModified: back.lastModified });
  });

  it("keeps each field's history: every version, who and when, and which undo undid it", async () => {
    const { body } = await client.call<FieldHistory>('GET', journalPaths.fieldHistory(11));
    expect(body.versions.map((version) => [version.kind, version.after?.name])).toEqual([
      ['rename', 'Label'],
      ['undo', 'Status Label'],
    ]);
    const [rename, undo] = body.versions;
    expect(rename).toMatchObject({
      person: 'test',
      state: 'done',
      before: { name: 'Status Label' },
      undoneBy: { changeSetId: undo!.changeSetId, person: 'test', at: undo!.at },
      appliedFields: 2,
    });
    // The undo left field 12 as it was: it put back one field.
    expect(undo).toMatchObject({ state: 'done', undoneBy: null, appliedFields: 1 });
    expect((await client.call('GET', journalPaths.fieldHistory('abc'))).status).toBe(400);
  });
});

describe('the history of a field with more change sets than one list answers', () => {
  let many: TestServer;
  beforeAll(async () => {
    many = await startTestServer({ instance: fixtureInstance, withJournal: true });
  });
  afterAll(() => many.close());

  it('says of its oldest set that it was undone, and refuses an undo while a set runs', async () => {
    const client = journalClient(many);
    const field = (await client.field(3))!;
    // Recorded as the journal records a set it ran, without running each one.
    const journal = many.journal!.store;
    const versions = MAX_CHANGE_SETS_LISTED + 1;
    for (let set = 0; set < versions; set += 1) {
      const change = { update: { hidden: set % 2 === 0 } };
      const item = { fieldId: 3, fieldName: field.name, state: 'pending' as const, change };
      const id = journal.record(
        { kind: 'archive', person: 'test' },
        // Each put the field as it is now; its undo would put `hidden` back.
        [{ ...item, before: { ...field, hidden: !field.hidden }, after: field }],
        clock,
      );
      journal.recordOutcomes(id, [{ position: 0, outcome: { state: 'applied', after: field } }]);
      journal.setState(id, 'done', clock);
    }
    const undo = await client.undo(1);
    expect(undo.status).toBe(202);
    await client.finished(undo.body.changeSet!.id);

    const { body } = await client.call<FieldHistory>('GET', journalPaths.fieldHistory(3));
    // The sets' versions, then the undo's.
    expect(body.versions).toHaveLength(versions + 1);
    expect(body.versions.at(-1)).toMatchObject({ kind: 'undo' });
    expect(body.versions[0]).toMatchObject({
      changeSetId: 1,
      undoneBy: { changeSetId: undo.body.changeSet!.id },
    });
    expect(body.versions.slice(1).every((version) => version.undoneBy === null)).toBe(true);

    // A set the journal records as running refuses an undo, a retry and a check, in words.
    journal.setState(2, 'running', null);
    const asked: Array<[string, object]> = [
      [journalPaths.undo(2), { dryRun: true }],
      [journalPaths.retry(2), {}],
      [journalPaths.check(2), {}],
    ];
    const refusals = await Promise.all(
      asked.map(([path, body]) => client.call<{ message: string }>('POST', path, body)),
    );
    expect(refusals.map(({ status, body }) => [status, body.message])).toEqual(
      ['undo', 'retry', 'check'].map((what) => [
        409,
        `change set 2 is still running; cancel it or wait before you ${what} it`,
      ]),
    );
    const history = await client.call<FieldHistory>('GET', journalPaths.fieldHistory(3));
    expect(history.body.versions[1]).toMatchObject({ changeSetId: 2, state: 'running' });
  });
});
