import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import type { ChangeSetDetail } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { fieldKeys } from '../calculated-fields/field-keys';
import { startSession } from '../session';
import { setupMockApi } from '../test-support/mock-api';
import { changeSetQueryOptions } from './get-change-set';

const server = setupMockApi();

const detail = (state: ChangeSetDetail['changeSet']['state']): ChangeSetDetail => ({
  changeSet: {
    id: 4,
    kind: 'owner',
    note: null,
    person: 'ada',
    createdAt: 1,
    finishedAt: state === 'running' ? null : 2,
    state,
    counts: { total: 1, pending: 0, applied: 1, failed: 0, skipped: 0, unknown: 0 },
    undoOf: null,
    undoneBy: null,
  },
  items: [],
});

beforeEach(() => startSession('token-for-tests', false));

test("a running set's detail is asked again until it is done, and then the fields' searches and details are stale", async () => {
  const answers: ChangeSetDetail['changeSet']['state'][] = ['running', 'running', 'done'];
  let asked = 0;
  server.use(
    http.get(journalPaths.changeSet(4), () =>
      HttpResponse.json(detail(answers[Math.min(asked++, 2)]!)),
    ),
  );
  const client = new QueryClient();
  client.setQueryData(fieldKeys.detail(9), { complete: true });
  client.setQueryData(
    fieldKeys.search({ filters: [], sort: { field: 'id', ascending: true }, limit: 1 }),
    {},
  );
  const observer = new QueryObserver(client, changeSetQueryOptions(4));
  const unsubscribe = observer.subscribe(() => {});
  await expect
    .poll(() => observer.getCurrentResult().data?.changeSet.state, { timeout: 5000 })
    .toBe('done');
  expect(asked).toBe(3);
  await expect.poll(() => client.getQueryState(fieldKeys.detail(9))?.isInvalidated).toBe(true);
  expect(
    client.getQueryCache().findAll({ queryKey: fieldKeys.searches() })[0]!.state.isInvalidated,
  ).toBe(true);
  // Done: no more asking.
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(asked).toBe(3);
  unsubscribe();
});
