import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import { fieldKeys } from '../../../api/calculated-fields/field-keys';
import { startSession } from '../../../api/session';
import {
  calculatedField,
  heldAnswer,
  searchItem,
  setupMockApi,
} from '../../../api/test-support/mock-api';
import type { AppConfig } from '../../../contract/app-config';
import type { BulkLockRequest, BulkLockResult } from '../../../contract/bulk-lock';
import { APP_CONFIG_PATH } from '../../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../../contract/search';
import type { BulkRunSnapshot } from './bulk-run';
import { useBulkLock } from './use-bulk-lock';
import type { SelectedField } from '../selection/field-selection';

const bulkLockPath = '/api/query/v1/functions/bulk-lock';
const templatePath = '/api/query/v1/functions/template/:id';
const server = setupMockApi();
const view: SearchRequest = { filters: [], sort: { field: 'name', ascending: true }, limit: 5000 };
const idsUpTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

let client: QueryClient;
beforeEach(() => {
  startSession('token-for-tests', false);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<SearchResponse>(fieldKeys.search(view), {
    totalHits: 100,
    results: idsUpTo(100).map((id) => searchItem(id)),
    hasMore: false,
    degraded: false,
  });
});

/** The app config of an embedded service (with the bulk lock) or of a proxy (without). */
function serveAppConfig(bulkLock: AppConfig['bulkLock']) {
  server.use(
    http.get(APP_CONFIG_PATH, () =>
      HttpResponse.json({
        mode: bulkLock ? 'embedded' : 'proxy',
        tokenHeldByServer: false,
        demo: false,
        bulkLock,
      }),
    ),
  );
}

/** Records every lock request: the ids of each bulk request, and each single PUT's id. */
function recordLockRequests() {
  const batches: number[][] = [];
  const singles: number[] = [];
  server.use(
    http.put(templatePath, ({ params }) => {
      singles.push(Number(params.id));
      return HttpResponse.json(calculatedField(Number(params.id), { locked: true }));
    }),
  );
  return { batches, singles };
}

/** Answers bulk locks as the service does, refusing the ids in `missing` with its 404. */
function answerBulkLocks(
  batches: number[][],
  missing: ReadonlySet<number> = new Set(),
  hold?: () => Promise<void>,
) {
  server.use(
    http.post(bulkLockPath, async ({ request }) => {
      const { ids, locked } = (await request.json()) as BulkLockRequest;
      batches.push(ids);
      await hold?.();
      const results = ids.map((id): BulkLockResult =>
        missing.has(id)
          ? {
              id,
              status: 404,
              error: {
                status: 404,
                statusReason: 'Not Found',
                message: `no calculated field has the id ${id}`,
                path: `/api/query/v1/functions/template/${id}`,
              },
            }
          : { id, status: 200, field: calculatedField(id, { locked }) },
      );
      return HttpResponse.json({ results });
    }),
  );
}

function renderBulkLock(onFieldsDone = vi.fn()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBulkLock(onFieldsDone), { wrapper });
}

const changesFor = (ids: number[]) => ids.map((id) => ({ id, name: `Field ${id}`, locked: false }));

const lockedInView = () =>
  client
    .getQueryData<SearchResponse>(fieldKeys.search(view))
    ?.results.filter((item) => item.locked)
    .map((item) => item.id);

/** Every snapshot the dialog is told of (at most every 100 ms, and at each change of status). */
function watchSnapshots(result: { current: ReturnType<typeof useBulkLock> }) {
  const seen: BulkRunSnapshot<SelectedField>[] = [];
  const progress = result.current.progress!;
  progress.subscribe(() => seen.push(progress.getSnapshot()));
  return seen;
}

test('with the bulk lock advertised, fields go in batches, each once, and show in the table', async () => {
  serveAppConfig({ maxFields: 100 });
  const { batches, singles } = recordLockRequests();
  answerBulkLocks(batches);
  const onFieldsDone = vi.fn();
  const { result } = renderBulkLock(onFieldsDone);

  act(() => result.current.start({ locked: true, changes: changesFor(idsUpTo(60)), unchanged: 0 }));
  await waitFor(() => expect(result.current.status).toBe('finished'));

  expect(singles).toEqual([]);
  expect(batches.map((batch) => batch.length)).toEqual([25, 25, 10]);
  expect(batches.flat().sort((a, b) => a - b)).toEqual(idsUpTo(60));
  expect(result.current.progress?.getSnapshot()).toMatchObject({
    succeeded: 60,
    failures: [],
    remaining: 0,
  });
  expect(lockedInView()).toEqual(idsUpTo(60));
  const told = onFieldsDone.mock.calls.flatMap(([fields]) => fields as SelectedField[]);
  expect(told.map((field) => field.id).sort((a, b) => a - b)).toEqual(idsUpTo(60));
});

test('a server bound lower than the batch size is kept', async () => {
  serveAppConfig({ maxFields: 10 });
  const { batches } = recordLockRequests();
  answerBulkLocks(batches);
  const { result } = renderBulkLock();
  act(() => result.current.start({ locked: true, changes: changesFor(idsUpTo(30)), unchanged: 0 }));
  await waitFor(() => expect(result.current.status).toBe('finished'));
  expect(batches.map((batch) => batch.length)).toEqual([10, 10, 10]);
});

test('without the bulk lock advertised (a proxy, an older server), one PUT per field', async () => {
  serveAppConfig(undefined);
  const { batches, singles } = recordLockRequests();
  answerBulkLocks(batches);
  const { result } = renderBulkLock();

  act(() => result.current.start({ locked: true, changes: changesFor(idsUpTo(12)), unchanged: 0 }));
  await waitFor(() => expect(result.current.status).toBe('finished'));

  expect(batches).toEqual([]);
  expect(singles.sort((a, b) => a - b)).toEqual(idsUpTo(12));
  expect(lockedInView()).toEqual(idsUpTo(12));
});

test('a field refused inside a batch fails alone, the counts add up at every change, and a retry sends only it', async () => {
  serveAppConfig({ maxFields: 100 });
  const { batches } = recordLockRequests();
  const missing = new Set([7, 40]);
  answerBulkLocks(batches, missing);
  const { result } = renderBulkLock();

  act(() => result.current.start({ locked: true, changes: changesFor(idsUpTo(60)), unchanged: 0 }));
  const seen = watchSnapshots(result);
  await waitFor(() => expect(result.current.status).toBe('finished'));

  expect(seen.length).toBeGreaterThan(0);
  let lastDone = 0;
  for (const snapshot of seen) {
    expect(snapshot.succeeded + snapshot.failures.length + snapshot.remaining).toBe(60);
    expect(snapshot.succeeded).toBeGreaterThanOrEqual(lastDone);
    lastDone = snapshot.succeeded;
  }
  const finished = result.current.progress!.getSnapshot();
  expect(finished).toMatchObject({ succeeded: 58, remaining: 0 });
  expect(finished.failures.map((failure) => failure.item.id).sort((a, b) => a - b)).toEqual([
    7, 40,
  ]);
  expect((finished.failures[0]!.error as Error).message).toMatch(
    /^No calculated field has the id (7|40)\.$/,
  );
  expect(lockedInView()).toEqual(idsUpTo(60).filter((id) => !missing.has(id)));

  missing.clear();
  const sentBefore = batches.length;
  act(() => result.current.retryFailed());
  await waitFor(() => expect(result.current.progress!.getSnapshot().succeeded).toBe(60));
  expect(
    batches
      .slice(sentBefore)
      .flat()
      .sort((a, b) => a - b),
  ).toEqual([7, 40]);
  expect(lockedInView()).toEqual(idsUpTo(60));
});

test('a batch that fails as a whole fails each of its fields, and the others go on', async () => {
  serveAppConfig({ maxFields: 100 });
  let refused = false;
  server.use(
    http.post(bulkLockPath, async ({ request }) => {
      const { ids, locked } = (await request.json()) as BulkLockRequest;
      if (!refused) {
        refused = true;
        return new HttpResponse(null, { status: 500 });
      }
      return HttpResponse.json({
        results: ids.map((id) => ({ id, status: 200, field: calculatedField(id, { locked }) })),
      });
    }),
  );
  const { result } = renderBulkLock();
  act(() =>
    result.current.start({ locked: true, changes: changesFor(idsUpTo(50)), unchanged: 0 }, 1),
  );
  await waitFor(() => expect(result.current.status).toBe('finished'));
  const finished = result.current.progress!.getSnapshot();
  expect(finished).toMatchObject({ succeeded: 25, remaining: 0 });
  expect(finished.failures.map((failure) => failure.item.id)).toEqual(idsUpTo(25));
});

test('cancel sends no further batch; the batches in flight finish and are counted', async () => {
  serveAppConfig({ maxFields: 100 });
  const { batches } = recordLockRequests();
  const answers = [heldAnswer(), heldAnswer()];
  answerBulkLocks(batches, new Set([3]), () => answers[batches.length - 1]!.hold());
  const { result } = renderBulkLock();

  act(() =>
    result.current.start({ locked: true, changes: changesFor(idsUpTo(100)), unchanged: 0 }, 2),
  );
  await Promise.all(answers.map((answer) => answer.received));
  act(() => result.current.cancel());
  expect(result.current.progress!.getSnapshot().status).toBe('stopping');
  for (const answer of answers) answer.release();
  await waitFor(() => expect(result.current.status).toBe('finished'));

  expect(batches).toHaveLength(2);
  expect(result.current.progress!.getSnapshot()).toMatchObject({
    cancelled: true,
    succeeded: 49,
    remaining: 50,
    inFlight: 0,
  });
  expect(result.current.progress!.getSnapshot().failures.map((failure) => failure.item.id)).toEqual(
    [3],
  );
});
