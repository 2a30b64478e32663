import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { ChangeSetRequest, KeptPlan, UndoAnswer } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { DEFAULT_TIMEOUT_MS } from '../http-client';
import { startSession } from '../session';
import { setupMockApi } from '../test-support/mock-api';
import { planChangeSet } from './plan-change-set';
import { planUndo } from './undo-change-set';

const server = setupMockApi();
beforeEach(() => startSession('token-for-tests', false));

const lockOf = (count: number): ChangeSetRequest => ({
  kind: 'lock',
  items: Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    change: { update: { locked: true } },
  })),
});

// A dry run of 100,000 fields took 17 s on an idle service: at the usual 20 s a busy
// one gave up on it, and the dialog said the dry run failed.
test('a dry run of 100,000 fields is waited for two minutes, one of a few fields as any request', async () => {
  const empty: KeptPlan = {
    id: 1,
    kind: 'lock',
    counts: { change: 0, skip: 0 },
    expiresAt: 0,
    items: [],
  };
  server.use(http.post(journalPaths.plans, () => HttpResponse.json(empty)));
  const timeout = vi.spyOn(AbortSignal, 'timeout');

  await planChangeSet(lockOf(100_000));
  await planChangeSet(lockOf(3));

  expect(timeout.mock.calls.map(([ms]) => ms)).toEqual([
    DEFAULT_TIMEOUT_MS + 100_000,
    DEFAULT_TIMEOUT_MS + 3,
  ]);
  timeout.mockRestore();
});

test('the undo of a set that applied 100,000 fields is waited for two minutes too', async () => {
  const answer: UndoAnswer = {
    changeSet: null,
    plan: { id: 1, kind: 'undo', counts: { change: 0, skip: 0 }, expiresAt: 1, items: [] },
  };
  server.use(http.post(journalPaths.undo(':id'), () => HttpResponse.json(answer)));
  const timeout = vi.spyOn(AbortSignal, 'timeout');

  await planUndo({ id: 4, applied: 100_000 });

  expect(timeout.mock.calls.map(([ms]) => ms)).toEqual([DEFAULT_TIMEOUT_MS + 100_000]);
  timeout.mockRestore();
});
