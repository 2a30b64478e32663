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
import type { BulkItemResult, BulkTemplateRequest } from '../../../contract/bulk-template';
import type { SearchRequest, SearchResponse } from '../../../contract/search';
import type { BulkRunSnapshot } from './bulk-run';
import { useBulkLock } from './use-bulk-lock';
import type { SelectedField } from '../selection/field-selection';

const bulkPath = '/api/query/v1/functions/bulk/template';
const templatePath = '/api/query/v1/functions/template/:id';
const server = setupMockApi();
const view: SearchRequest = { filters: [], sort: { field: 'name', ascending: true }, limit: 5000 };
const idsUpTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

let client: QueryClient;
beforeEach(() => {
  startSession('token-for-tests', false);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<SearchResponse>(fieldKeys.search(view), {
    totalHits: 1200,
    results: idsUpTo(1200).map((id) => searchItem(id)),
    hasMore: false,
    degraded: false,
  });
});

/** Records every lock request: the ids of each bulk call, and each single PUT's id. */
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

/** Answers bulk calls as the service does, refusing the ids in `missing` with its 404. */
function answerBulkCalls(
  batches: number[][],
  missing: ReadonlySet<number> = new Set(),
  hold?: () => Promise<void>,
) {
  server.use(
    http.post(bulkPath, async ({ request }) => {
      const { update = [] } = (await request.json()) as BulkTemplateRequest;
      const items = update as Array<{ id: number; locked: boolean }>;
      batches.push(items.map((item) => item.id));
      await hold?.();
      const results = items.map(({ id, locked }, index): BulkItemResult =>
        missing.has(id)
          ? {
              operation: 'update',
              index,
              id,
              status: 404,
              error: {
                status: 404,
                statusReason: 'Not Found',
                message: `no calculated field has the id ${id}`,
                path: `/api/query/v1/functions/template/${id}`,
              },
            }
          : { operation: 'update', index, id, status: 200, field: calculatedField(id, { locked }) },
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

test('fields go in bulk calls of 500 as update: [{id, locked}], each once, and show in the table', async () => {
  const { batches, singles } = recordLockRequests();
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/bulk/template')) bodies.push(await request.clone().json());
  });
  answerBulkCalls(batches);
  const onFieldsDone = vi.fn();
  const { result } = renderBulkLock(onFieldsDone);

  act(() =>
    result.current.start({ locked: true, changes: changesFor(idsUpTo(1200)), unchanged: 0 }),
  );
  await waitFor(() => expect(result.current.status).toBe('finished'));
  server.events.removeAllListeners();

  expect(singles).toEqual([]);
  expect(batches.map((batch) => batch.length)).toEqual([500, 500, 200]);
  expect(bodies[0]).toEqual({ update: idsUpTo(500).map((id) => ({ id, locked: true })) });
  expect(batches.flat().sort((a, b) => a - b)).toEqual(idsUpTo(1200));
  expect(result.current.progress?.getSnapshot()).toMatchObject({
    succeeded: 1200,
    failures: [],
    remaining: 0,
  });
  expect(lockedInView()).toEqual(idsUpTo(1200));
  const told = onFieldsDone.mock.calls.flatMap(([fields]) => fields as SelectedField[]);
  expect(told.map((field) => field.id).sort((a, b) => a - b)).toEqual(idsUpTo(1200));
});

test.each([404, 405, 501])(
  'an instance that refuses the bulk call (%i) gets one PUT per field, and no bulk call again',
  async (status) => {
    const { singles } = recordLockRequests();
    let bulkCalls = 0;
    server.use(
      http.post(bulkPath, () => {
        bulkCalls += 1;
        return HttpResponse.json(
          { status, statusReason: 'Refused', message: 'no bulk here', path: '' },
          { status },
        );
      }),
    );
    const { result } = renderBulkLock();

    act(() =>
      result.current.start({ locked: true, changes: changesFor(idsUpTo(12)), unchanged: 0 }),
    );
    await waitFor(() => expect(result.current.status).toBe('finished'));
    expect(bulkCalls).toBe(1);
    expect(singles.sort((a, b) => a - b)).toEqual(idsUpTo(12));
    expect(result.current.progress?.getSnapshot()).toMatchObject({ succeeded: 12, failures: [] });
    expect(lockedInView()).toEqual(idsUpTo(12));

    act(() => result.current.start({ locked: true, changes: changesFor([20, 21]), unchanged: 0 }));
    await waitFor(() => expect(result.current.progress?.getSnapshot().succeeded).toBe(2));
    expect(bulkCalls).toBe(1);
  },
);

test('a 2xx whose body says nothing (production) is verified by reading each field again', async () => {
  server.use(
    http.post(bulkPath, () => new HttpResponse(null, { status: 200 })),
    // Field 3 did not take the change.
    http.get(templatePath, ({ params }) =>
      HttpResponse.json(calculatedField(Number(params.id), { locked: Number(params.id) !== 3 })),
    ),
  );
  const { result } = renderBulkLock();
  act(() => result.current.start({ locked: true, changes: changesFor(idsUpTo(10)), unchanged: 0 }));
  await waitFor(() => expect(result.current.status).toBe('finished'));
  const finished = result.current.progress!.getSnapshot();
  expect(finished).toMatchObject({ succeeded: 9, remaining: 0 });
  expect(finished.failures.map((failure) => failure.item.id)).toEqual([3]);
  expect((finished.failures[0]!.error as Error).message).toBe(
    'The instance did not confirm the change.',
  );
});

test('a field refused inside a batch fails alone, the counts add up at every change, and a retry sends only it', async () => {
  const { batches } = recordLockRequests();
  const missing = new Set([7, 40]);
  answerBulkCalls(batches, missing);
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
  let refused = false;
  const batches: number[][] = [];
  answerBulkCalls(batches);
  server.use(
    http.post(bulkPath, () => {
      if (refused) return undefined;
      refused = true;
      return new HttpResponse(null, { status: 500 });
    }),
  );
  const { result } = renderBulkLock();
  act(() =>
    result.current.start({ locked: true, changes: changesFor(idsUpTo(1000)), unchanged: 0 }, 1),
  );
  await waitFor(() => expect(result.current.status).toBe('finished'));
  const finished = result.current.progress!.getSnapshot();
  expect(finished).toMatchObject({ succeeded: 500, remaining: 0 });
  expect(finished.failures.map((failure) => failure.item.id)).toEqual(idsUpTo(500));
});

test('cancel sends no further batch; the batches in flight finish and are counted', async () => {
  const { batches } = recordLockRequests();
  const answers = [heldAnswer(), heldAnswer()];
  answerBulkCalls(batches, new Set([3]), () => answers[batches.length - 1]!.hold());
  const { result } = renderBulkLock();

  act(() =>
    result.current.start({ locked: true, changes: changesFor(idsUpTo(2000)), unchanged: 0 }, 2),
  );
  await Promise.all(answers.map((answer) => answer.received));
  act(() => result.current.cancel());
  expect(result.current.progress!.getSnapshot().status).toBe('stopping');
  for (const answer of answers) answer.release();
  await waitFor(() => expect(result.current.status).toBe('finished'));

  expect(batches).toHaveLength(2);
  expect(result.current.progress!.getSnapshot()).toMatchObject({
    cancelled: true,
    succeeded: 999,
    remaining: 1000,
    inFlight: 0,
  });
  expect(result.current.progress!.getSnapshot().failures.map((failure) => failure.item.id)).toEqual(
    [3],
  );
});
