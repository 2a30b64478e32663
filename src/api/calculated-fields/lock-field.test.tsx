import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import { startSession } from '../session';
import { calculatedField, searchItem, setupMockApi } from '../test-support/mock-api';
import { fieldKeys } from './field-keys';
import type { FieldDetail } from './get-field';
import { lockFieldAndShow, useLockField } from './lock-field';

const templatePath = '/api/query/v1/functions/template/:id';
const server = setupMockApi();

const byName: SearchRequest = { filters: [], sort: { field: 'name', ascending: true }, limit: 25 };
const byCreated: SearchRequest = { ...byName, sort: { field: 'created', ascending: false } };

function page(...ids: number[]): SearchResponse {
  return {
    totalHits: ids.length,
    results: ids.map((id) => searchItem(id)),
    hasMore: false,
    degraded: false,
  };
}

let client: QueryClient;
beforeEach(() => {
  startSession('token-for-tests', false);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(fieldKeys.search(byName), page(1, 2));
  client.setQueryData(fieldKeys.search(byCreated), page(2, 3));
  client.setQueryData<FieldDetail>(fieldKeys.detail(2), {
    complete: true,
    field: calculatedField(2),
  });
});

function renderLockHook(onError = vi.fn()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLockField({ onError }), { wrapper });
}

function lockedIn(request: SearchRequest, id: number) {
  return client
    .getQueryData<SearchResponse>(fieldKeys.search(request))
    ?.results.find((item) => item.id === id)?.locked;
}

function detailLocked(id: number) {
  return client.getQueryData<FieldDetail>(fieldKeys.detail(id))?.field.locked;
}

test('shows the change at once in every cached view of the field', async () => {
  server.use(
    http.put(templatePath, async () => {
      await delay(100);
      return HttpResponse.json(calculatedField(2, { locked: true }));
    }),
  );
  const { result } = renderLockHook();

  act(() => result.current.mutate({ id: 2, locked: true }));

  await waitFor(() => expect(lockedIn(byName, 2)).toBe(true));
  expect(lockedIn(byCreated, 2)).toBe(true);
  expect(detailLocked(2)).toBe(true);
  expect(lockedIn(byName, 1)).toBe(false);
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
});

test('sends exactly {"locked": ...} with PUT', async () => {
  let body: unknown;
  server.use(
    http.put(templatePath, async ({ request, params }) => {
      body = await request.json();
      return HttpResponse.json(calculatedField(Number(params.id), { locked: false }));
    }),
  );
  const { result } = renderLockHook();
  await act(() => result.current.mutateAsync({ id: 2, locked: false }));
  expect(body).toEqual({ locked: false });
});

test('rolls back and reports why when the server refuses', async () => {
  server.use(
    http.put(templatePath, () =>
      HttpResponse.json(
        {
          status: 404,
          statusReason: 'Not Found',
          message: 'no calculated field has the id 2',
          path: '',
        },
        { status: 404 },
      ),
    ),
  );
  const onError = vi.fn();
  const { result } = renderLockHook(onError);

  act(() => result.current.mutate({ id: 2, locked: true }));

  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(onError.mock.calls[0]?.[0]).toMatchObject({
    message: 'No calculated field has the id 2.',
  });
  expect(lockedIn(byName, 2)).toBe(false);
  expect(lockedIn(byCreated, 2)).toBe(false);
  expect(detailLocked(2)).toBe(false);
});

test('rolls back when the network fails', async () => {
  server.use(http.put(templatePath, () => HttpResponse.error()));
  const onError = vi.fn();
  const { result } = renderLockHook(onError);

  act(() => result.current.mutate({ id: 2, locked: true }));

  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'network' });
  expect(lockedIn(byName, 2)).toBe(false);
});

test('marks every cached field query stale once the server has answered', async () => {
  server.use(http.put(templatePath, () => HttpResponse.json(calculatedField(2, { locked: true }))));
  const { result } = renderLockHook();
  await act(() => result.current.mutateAsync({ id: 2, locked: true }));
  expect(client.getQueryState(fieldKeys.search(byCreated))?.isInvalidated).toBe(true);
  expect(client.getQueryState(fieldKeys.detail(2))?.isInvalidated).toBe(true);
});

test('lockFieldAndShow shows the state only once the server has answered, in every view', async () => {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.put(templatePath, async () => {
      await answered;
      return HttpResponse.json(calculatedField(2, { locked: true }));
    }),
  );

  const done = lockFieldAndShow(client, { id: 2, locked: true });
  await delay(20);
  expect(lockedIn(byName, 2)).toBe(false);
  answer();
  await done;

  expect(lockedIn(byName, 2)).toBe(true);
  expect(lockedIn(byCreated, 2)).toBe(true);
  expect(detailLocked(2)).toBe(true);
});

test('lockFieldAndShow leaves every view as it was when the server refuses', async () => {
  server.use(http.put(templatePath, () => new HttpResponse(null, { status: 500 })));
  await expect(lockFieldAndShow(client, { id: 2, locked: true })).rejects.toMatchObject({
    status: 500,
  });
  expect(lockedIn(byName, 2)).toBe(false);
  expect(detailLocked(2)).toBe(false);
});
