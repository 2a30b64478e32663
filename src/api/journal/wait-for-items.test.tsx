import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { AppConfig } from '../../contract/app-config';
import { APP_CONFIG_PATH } from '../../contract/paths';
import type {
  ChangeSetRequest,
  ChangeSetSummary,
  KeptPlan,
  UndoAnswer,
} from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { DEFAULT_TIMEOUT_MS } from '../http-client';
import { startSession } from '../session';
import { setupMockApi } from '../test-support/mock-api';
import { planChangeSet } from './plan-change-set';
import { usePlan } from './plan-query';
import { useConfirmPlan } from './start-change-set';
import { planUndo, useUndoPlan } from './undo-change-set';

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

  await planChangeSet(lockOf(100_000), 'embedded');
  await planChangeSet(lockOf(3), 'embedded');

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

  await planUndo({ id: 4, applied: 100_000 }, 'embedded');

  expect(timeout.mock.calls.map(([ms]) => ms)).toEqual([DEFAULT_TIMEOUT_MS + 100_000]);
  timeout.mockRestore();
});

const summaryOf = (count: number): ChangeSetSummary => ({
  id: 1,
  kind: 'lock',
  note: null,
  person: 'token 0123456789ab',
  createdAt: 0,
  finishedAt: null,
  state: 'running',
  counts: { total: count, pending: count, applied: 0, failed: 0, skipped: 0, unknown: 0 },
  undoOf: null,
  undoneBy: null,
  onlyField: null,
});

/** The hooks the dialogs use, with a server in `mode`: what each waits is read from AbortSignal.timeout. */
function withServerIn(mode: AppConfig['mode']) {
  const config: AppConfig = { mode, tokenHeldByServer: true, demo: false };
  server.use(http.get(APP_CONFIG_PATH, () => HttpResponse.json(config)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { wrapper, waits: vi.spyOn(AbortSignal, 'timeout') };
}

// Through a proxy the server reads each field from the instance, four at once at
// production's 30-80 ms: a dry run of 2,756 locks outlasted the usual 23 s, and the
// dialog said it failed while the server was still reading.
test('through a proxy, a dry run, its confirmation and an undo of 2,756 fields are waited for as long as the server reads each from the instance', async () => {
  const kept: KeptPlan = {
    id: 1,
    kind: 'lock',
    counts: { change: 2756, skip: 0 },
    expiresAt: Date.now() + 60_000,
    items: [],
  };
  const undone: UndoAnswer = {
    changeSet: null,
    plan: { id: 1, kind: 'undo', counts: { change: 0, skip: 0 }, expiresAt: 1, items: [] },
  };
  server.use(
    http.post(journalPaths.plans, () => HttpResponse.json(kept)),
    http.post(journalPaths.changeSets, () => HttpResponse.json(summaryOf(2756), { status: 202 })),
    http.post(journalPaths.undo(':id'), () => HttpResponse.json(undone)),
  );
  const { wrapper, waits } = withServerIn('proxy');

  const plan = renderHook(() => usePlan(lockOf(2756)), { wrapper });
  await waitFor(() => expect(plan.result.current.data).toEqual(kept));
  const confirm = renderHook(() => useConfirmPlan(), { wrapper });
  await confirm.result.current.mutateAsync(kept);
  const undo = renderHook(() => useUndoPlan({ id: 1, applied: 2756 }), { wrapper });
  await waitFor(() => expect(undo.result.current.data).toEqual(undone.plan));

  const journalWaits = waits.mock.calls.map(([ms]) => ms).filter((ms) => ms > 5000);
  // Each is one read of every field: at least 100 ms a field, more than the slowest seen (58 ms at load 20).
  expect(journalWaits).toHaveLength(3);
  for (const ms of journalWaits) expect(ms).toBeGreaterThanOrEqual(2756 * 100);
  waits.mockRestore();
});

test('in embedded mode the same hooks wait a millisecond a field on top of the usual wait', async () => {
  const kept: KeptPlan = {
    id: 1,
    kind: 'lock',
    counts: { change: 2756, skip: 0 },
    expiresAt: Date.now() + 60_000,
    items: [],
  };
  server.use(http.post(journalPaths.plans, () => HttpResponse.json(kept)));
  const { wrapper, waits } = withServerIn('embedded');

  const plan = renderHook(() => usePlan(lockOf(2756)), { wrapper });
  await waitFor(() => expect(plan.result.current.data).toEqual(kept));

  expect(waits.mock.calls.map(([ms]) => ms)).toContain(DEFAULT_TIMEOUT_MS + 2756);
  waits.mockRestore();
});
