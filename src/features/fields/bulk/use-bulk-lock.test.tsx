import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import { fieldKeys } from '../../../api/calculated-fields/field-keys';
import { startSession } from '../../../api/session';
import { APP_CONFIG_PATH } from '../../../contract/paths';
import {
  calculatedField,
  heldAnswer,
  searchItem,
  setupMockApi,
} from '../../../api/test-support/mock-api';
import type { SearchRequest, SearchResponse } from '../../../contract/search';
import { MAX_LOCKS_IN_FLIGHT } from './lock-concurrency';
import { useBulkLock } from './use-bulk-lock';
import type { SelectedField } from '../selection/field-selection';

const templatePath = '/api/query/v1/functions/template/:id';
// An instance without the bulk operation (it answers 405): one PUT per field, as these tests count.
const server = setupMockApi(
  http.get(APP_CONFIG_PATH, () =>
    HttpResponse.json({ mode: 'proxy', tokenHeldByServer: false, demo: false }),
  ),
  http.post('/api/query/v1/functions/bulk/template', () =>
    HttpResponse.json(
      { status: 405, statusReason: 'Method Not Allowed', message: 'no', path: '' },
      { status: 405 },
    ),
  ),
);
const view: SearchRequest = { filters: [], sort: { field: 'name', ascending: true }, limit: 50 };
const ids = Array.from({ length: 12 }, (_, index) => index + 1);

let client: QueryClient;
beforeEach(() => {
  startSession('token-for-tests', false);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<SearchResponse>(fieldKeys.search(view), {
    totalHits: ids.length,
    results: ids.map((id) => searchItem(id)),
    hasMore: false,
    degraded: false,
  });
});

function renderBulkLock(onFieldsDone = vi.fn()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  let renders = 0;
  const hook = renderHook(
    () => {
      renders += 1;
      return useBulkLock(onFieldsDone);
    },
    { wrapper },
  );
  return { ...hook, renders: () => renders };
}

const snapshotOf = (bulkLock: ReturnType<typeof useBulkLock>) => bulkLock.progress?.getSnapshot();

const lockedInView = () =>
  client
    .getQueryData<SearchResponse>(fieldKeys.search(view))
    ?.results.filter((item) => item.locked)
    .map((item) => item.id);

test('locks with a bounded number in flight, shows the fields done while it runs, then refreshes', async () => {
  // Every answer waits until the test lets it go; field 1's until the very end.
  const waiting = new Map<number, () => void>();
  let maxInFlight = 0;
  server.use(
    http.put(templatePath, async ({ params }) => {
      const id = Number(params.id);
      await new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        maxInFlight = Math.max(maxInFlight, waiting.size);
      });
      waiting.delete(id);
      return HttpResponse.json(calculatedField(id, { locked: true }));
    }),
  );
  const onFieldsDone = vi.fn();
  const { result } = renderBulkLock(onFieldsDone);
  const changes = ids.map((id) => ({ id, name: `Field ${id}`, locked: false }));
  const answerOne = async () => {
    const next = await waitFor(() => {
      const id = [...waiting.keys()].find((candidate) => candidate !== 1);
      expect(id).toBeDefined();
      return id!;
    });
    act(() => waiting.get(next)!());
    await waitFor(() => expect(waiting.has(next)).toBe(false));
  };

  act(() => result.current.start({ locked: true, changes, unchanged: 0 }));
  await waitFor(() => expect(waiting.size).toBe(MAX_LOCKS_IN_FLIGHT));
  for (let answered = 0; answered < ids.length - 1; answered += 1) await answerOne();

  // Shown in the table (in batches) while field 1 still holds the run open.
  await waitFor(() => expect(lockedInView()).toEqual(ids.slice(1)));
  expect(result.current.status).toBe('running');
  expect(client.getQueryState(fieldKeys.search(view))?.isInvalidated).toBe(false);
  act(() => waiting.get(1)!());
  await waitFor(() => expect(result.current.status).toBe('finished'));
  expect(lockedInView()).toEqual(ids);
  expect(maxInFlight).toBe(MAX_LOCKS_IN_FLIGHT);
  const told = onFieldsDone.mock.calls.flatMap(([fields]) => fields as SelectedField[]);
  expect(told.map((field) => field.id).sort((a, b) => a - b)).toEqual(ids);
  expect(told).toContainEqual({ id: 1, name: 'Field 1', locked: true });
  await waitFor(() =>
    expect(client.getQueryState(fieldKeys.search(view))?.isInvalidated).toBe(true),
  );
});

test('a refused field keeps its state and is the only one a retry sends, then all is refreshed', async () => {
  const sent: number[] = [];
  let refuse = true;
  server.use(
    http.put(templatePath, ({ params }) => {
      const id = Number(params.id);
      sent.push(id);
      if (refuse && id === 3) return new HttpResponse(null, { status: 500 });
      return HttpResponse.json(calculatedField(id, { locked: true }));
    }),
  );
  const { result } = renderBulkLock();
  const changes = [1, 2, 3, 4].map((id) => ({ id, name: `Field ${id}`, locked: false }));

  act(() => result.current.start({ locked: true, changes, unchanged: 0 }));
  await waitFor(() => expect(result.current.status).toBe('finished'));
  expect(snapshotOf(result.current)?.failures.map((failure) => failure.item.id)).toEqual([3]);
  expect(lockedInView()).toEqual([1, 2, 4]);
  // The refresh after the first pass has answered (as a table on screen would refetch).
  await waitFor(() =>
    expect(client.getQueryState(fieldKeys.search(view))?.isInvalidated).toBe(true),
  );
  client.setQueryData(fieldKeys.search(view), client.getQueryData(fieldKeys.search(view)));

  refuse = false;
  act(() => result.current.retryFailed());
  await waitFor(() => expect(snapshotOf(result.current)?.succeeded).toBe(4));
  expect(sent.sort()).toEqual([1, 2, 3, 3, 4]);
  expect(lockedInView()).toEqual([1, 2, 3, 4]);
  await waitFor(() =>
    expect(client.getQueryState(fieldKeys.search(view))?.isInvalidated).toBe(true),
  );
});

test('the component holding the run is drawn again when its status changes, not with each count', async () => {
  const answers = ids.map(() => heldAnswer());
  server.use(
    http.put(templatePath, async ({ params }) => {
      const id = Number(params.id);
      await answers[id - 1]!.hold();
      return HttpResponse.json(calculatedField(id, { locked: true }));
    }),
  );
  const { result, renders } = renderBulkLock();
  const changes = ids.map((id) => ({ id, name: `Field ${id}`, locked: false }));
  act(() => result.current.start({ locked: true, changes, unchanged: 0 }, ids.length));
  await Promise.all(answers.map((answer) => answer.received));
  const before = renders();

  // Answers far enough apart that the counts are told after each (they are coalesced
  // over 50 ms): a component reading the counts would be drawn after each.
  for (const answer of answers) {
    answer.release();
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  await waitFor(() => expect(result.current.status).toBe('finished'));
  expect(snapshotOf(result.current)?.succeeded).toBe(ids.length);
  // Drawn when it finished (once or twice as React settles), not twelve times or more.
  expect(renders() - before).toBeLessThanOrEqual(3);
});
