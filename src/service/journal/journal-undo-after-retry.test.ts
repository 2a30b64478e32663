import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChangeSetDetail, KeptPlan, UndoAnswer } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { changedSinceUndoDryRun } from '../../contract/undo-rule';
import { startProductionLikeUpstream } from '../test-support/production-like-upstream';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { startJournalProxy } from './test-support';

// A set retried between its undo's dry run and that undo's confirmation: the dry run
// listed the items applied then, so confirming it would leave the retried ones as they
// are and mark the whole set undone.
let instance: TestServer;
let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;
let journal: Awaited<ReturnType<typeof startJournalProxy>>;
/** A field whose part of a bulk call the instance refuses, while set. */
let refusedField: number | undefined;
beforeAll(async () => {
  instance = await startTestServer();
  upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    token: TEST_TOKEN,
    intercept: (request) => {
      if (refusedField === undefined || request.url !== apiPaths.bulkTemplate) return undefined;
      // Applies the rest of the call as the instance would, and not the refused field.
      const { update = [] } = JSON.parse(request.body) as {
        update?: Array<{ id: number } & Record<string, unknown>>;
      };
      for (const { id, ...change } of update) {
        if (id !== refusedField) instance.stores.fields.updateField(id, change, Date.now());
      }
      return { status: 200, body: '' };
    },
  });
  journal = await startJournalProxy(upstream.url);
});
afterAll(async () => {
  await journal.close();
  await upstream.close();
  await instance.close();
});

const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await journal.proxy.inject({
    method,
    url,
    headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json() as T };
};
const finished = async (id: number): Promise<ChangeSetDetail> => {
  for (;;) {
    const { body } = await call<ChangeSetDetail>('GET', journalPaths.changeSet(id));
    if (body.changeSet.state !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const nameOf = (id: number) => instance.stores.fields.getField(id)!.name;

it("refuses an undo's confirmation once a retry applied more of the set since its dry run, and changes nothing", async () => {
  const names = [nameOf(3), nameOf(4)];
  refusedField = 4;
  const started = await call<{ id: number }>('POST', journalPaths.changeSets, {
    kind: 'rename',
    items: [
      { id: 3, change: { update: { name: 'Retried 3' } } },
      { id: 4, change: { update: { name: 'Retried 4' } } },
    ],
  });
  const set = await finished(started.body.id);
  expect(set.items.map((item) => item.state)).toEqual(['applied', 'failed']);

  const dryRun = await call<UndoAnswer>('POST', journalPaths.undo(set.changeSet.id), {
    dryRun: true,
  });
  const plan: KeptPlan = dryRun.body.plan!;
  expect(plan.counts).toMatchObject({ change: 1, skip: 0 });

  refusedField = undefined;
  expect((await call('POST', journalPaths.retry(set.changeSet.id), {})).status).toBe(202);
  const retried = await finished(set.changeSet.id);
  expect(retried.items.map((item) => item.state)).toEqual(['applied', 'applied']);
  expect(nameOf(4)).toBe('Retried 4');

  const refused = await call<{ message: string }>('POST', journalPaths.changeSets, {
    planId: plan.id,
  });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(changedSinceUndoDryRun(set.changeSet.id));
  expect([nameOf(3), nameOf(4)]).toEqual(['Retried 3', 'Retried 4']);
  expect((await finished(set.changeSet.id)).changeSet.undoneBy).toBeNull();

  // Its dry run made again lists both, and puts both back.
  const again = await call<UndoAnswer>('POST', journalPaths.undo(set.changeSet.id), {
    dryRun: true,
  });
  expect(again.body.plan!.counts).toMatchObject({ change: 2, skip: 0 });
  const undo = await call<{ id: number }>('POST', journalPaths.changeSets, {
    planId: again.body.plan!.id,
  });
  expect(undo.status).toBe(202);
  await finished(undo.body.id);
  expect([nameOf(3), nameOf(4)]).toEqual(names);
});
