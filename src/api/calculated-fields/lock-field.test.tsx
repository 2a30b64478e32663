import {
  focusManager,
  QueryClient,
  QueryClientProvider,
  QueryObserver,
} from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { CalculatedField } from '../../contract/field';
import { journalPaths } from '../../contract/journal';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import type { SearchPage } from '../../contract/search-page';
import { startSession } from '../session';
import { calculatedField, heldAnswer, searchItem, setupMockApi } from '../test-support/mock-api';
import type { MockJournalOptions } from '../test-support/mock-journal';
import { heldChangeSets, mockJournal } from '../test-support/mock-journal';
import { journalKeys } from '../journal/journal-keys';
import { fieldKeys } from './field-keys';
import type { FieldDetail } from './get-field';
import { showLockedInCache, useLockField } from './lock-field';
import { isViewOutdated, searchFieldsQueryOptions } from './search-fields';

const templatePath = apiPaths.template(':id');
const server = setupMockApi();

const byName: SearchRequest = { filters: [], sort: { field: 'name', ascending: true }, limit: 25 };
const byCreated: SearchRequest = { ...byName, sort: { field: 'created', ascending: false } };

function page(...ids: number[]): SearchPage {
  return {
    unreadableRows: [],
    totalHits: ids.length,
    results: ids.map((id) => searchItem(id)),
    hasMore: false,
    degraded: false,
  };
}

/** The fields the journal changes: 1 to 3, unlocked. */
let fields: Map<number, CalculatedField>;

/** The journal over `fields`: each lock is a change set it records. */
function answerWithJournal(options: MockJournalOptions = {}) {
  const journal = mockJournal(fields, options);
  server.use(...journal.handlers);
  return journal;
}

let client: QueryClient;
beforeEach(() => {
  startSession('token-for-tests', false);
  fields = new Map([1, 2, 3].map((id) => [id, calculatedField(id)]));
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

/** Field 2's lock state as each cached view shows it. */
function field2EverywhereIs(locked: boolean) {
  expect([lockedIn(byName, 2), lockedIn(byCreated, 2), detailLocked(2)]).toEqual([
    locked,
    locked,
    locked,
  ]);
}

test('shows the change in every cached view of the field before the server answers', async () => {
  const answer = heldAnswer();
  answerWithJournal();
  server.use(heldChangeSets(answer));
  const { result } = renderLockHook();

  act(() => result.current.mutate({ id: 2, locked: true }));
  await answer.received;

  field2EverywhereIs(true);
  expect(lockedIn(byName, 1)).toBe(false);
  answer.release();
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  field2EverywhereIs(true);
});

test('records a change set of kind lock with the one field, and answers the field as it left it', async () => {
  const journal = answerWithJournal();
  const { result } = renderLockHook();

  const field = await act(() => result.current.mutateAsync({ id: 2, locked: true }));

  expect(journal.requests).toEqual([
    { kind: 'lock', items: [{ id: 2, change: { update: { locked: true } } }] },
  ]);
  expect(field.locked).toBe(true);
  expect(fields.get(2)?.locked).toBe(true);
});

test('an unlock is a change set of kind unlock', async () => {
  fields.set(2, calculatedField(2, { locked: true }));
  const journal = answerWithJournal();
  const { result } = renderLockHook();

  await act(() => result.current.mutateAsync({ id: 2, locked: false }));

  expect(journal.requests).toEqual([
    { kind: 'unlock', items: [{ id: 2, change: { update: { locked: false } } }] },
  ]);
  expect(fields.get(2)?.locked).toBe(false);
});

test('follows a set that is still running until it is done', async () => {
  const journal = answerWithJournal({ readsWhileRunning: 2 });
  const { result } = renderLockHook();

  const field = await act(() => result.current.mutateAsync({ id: 2, locked: true }));

  expect(field.locked).toBe(true);
  expect(journal.sets[0]?.changeSet.state).toBe('done');
});

test('a skipped item moves every view back from the state it showed, and says why', async () => {
  const answer = heldAnswer();
  fields.delete(2);
  answerWithJournal();
  server.use(heldChangeSets(answer));
  const onError = vi.fn();
  const { result } = renderLockHook(onError);

  act(() => result.current.mutate({ id: 2, locked: true }));
  await answer.received;
  field2EverywhereIs(true);
  answer.release();

  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(onError.mock.calls[0]?.[0]).toMatchObject({
    message: 'No calculated field has the id 2.',
  });
  field2EverywhereIs(false);
});

test('a field the instance refuses to change moves back, in the instance’s words', async () => {
  const refusal = { status: 403, statusReason: 'Forbidden', message: 'not yours', path: '' };
  answerWithJournal({ refusalOf: (id) => (id === 2 ? refusal : undefined) });
  const onError = vi.fn();
  const { result } = renderLockHook(onError);

  act(() => result.current.mutate({ id: 2, locked: true }));

  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'Not yours.' });
  expect(onError.mock.calls[0]?.[2]).toBe(false);
  field2EverywhereIs(false);
});

test('a field locked meanwhile by someone else shows locked, as the journal found it', async () => {
  answerWithJournal();
  fields.set(2, calculatedField(2, { locked: true }));
  const onError = vi.fn();
  const { result } = renderLockHook(onError);

  act(() => result.current.mutate({ id: 2, locked: true }));

  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'It is so already.' });
  expect(onError.mock.calls[0]?.[2]).toBe(true);
  field2EverywhereIs(true);
});

test('an unlock that cannot reach the server shows the field locked again', async () => {
  showLockedInCache(client, { id: 2, locked: true });
  const answer = heldAnswer();
  server.use(
    http.post(journalPaths.changeSets, async () => {
      await answer.hold();
      return HttpResponse.error();
    }),
  );
  const onError = vi.fn();
  const { result } = renderLockHook(onError);

  act(() => result.current.mutate({ id: 2, locked: false }));
  await answer.received;
  field2EverywhereIs(false);
  answer.release();

  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'network' });
  expect(onError.mock.calls[0]?.[1]).toEqual({ id: 2, locked: false });
  field2EverywhereIs(true);
});

test('a search already on its way cannot overwrite the change with the state before it', async () => {
  const staleSearch = heldAnswer();
  server.use(
    http.post(apiPaths.search, async () => {
      await staleSearch.hold();
      return HttpResponse.json(page(1, 2));
    }),
  );
  answerWithJournal();
  const refetch = client.prefetchQuery(searchFieldsQueryOptions(byName));
  await staleSearch.received;
  const { result } = renderLockHook();

  await act(() => result.current.mutateAsync({ id: 2, locked: true }));
  staleSearch.release();
  await refetch;

  expect(lockedIn(byName, 2)).toBe(true);
});

test('marks every cached field query, the journal’s lists and the field’s history stale once done', async () => {
  answerWithJournal();
  const activity = journalKeys.changeSets({ limit: 50, offset: 0 });
  client.setQueryData(activity, { total: 0, changeSets: [] });
  client.setQueryData(journalKeys.fieldHistory(2), { versions: [] });
  const { result } = renderLockHook();
  await act(() => result.current.mutateAsync({ id: 2, locked: true }));
  expect(client.getQueryState(fieldKeys.search(byCreated))?.isInvalidated).toBe(true);
  expect(client.getQueryState(fieldKeys.detail(2))?.isInvalidated).toBe(true);
  expect(client.getQueryState(activity)?.isInvalidated).toBe(true);
  expect(client.getQueryState(journalKeys.fieldHistory(2))?.isInvalidated).toBe(true);
});

test('while another toggle is still in flight, an answer does not refresh the views', async () => {
  const second = heldAnswer();
  answerWithJournal();
  server.use(heldChangeSets(second, 3));
  const { result } = renderLockHook();

  const third = result.current.mutateAsync({ id: 3, locked: true });
  await second.received;
  await act(() => result.current.mutateAsync({ id: 2, locked: true }));

  // A refresh now would answer field 3 as unlocked while its lock is still on its way.
  expect(client.getQueryState(fieldKeys.search(byCreated))?.isInvalidated).toBe(false);
  second.release();
  await act(() => third);
  expect(client.getQueryState(fieldKeys.search(byCreated))?.isInvalidated).toBe(true);
});

test('a list on screen is marked out of date but not fetched again, so its rows stay in place', async () => {
  let searches = 0;
  let details = 0;
  server.use(
    http.post(apiPaths.search, () => {
      searches += 1;
      return HttpResponse.json(page(1));
    }),
  );
  answerWithJournal();
  server.use(
    http.get(templatePath, () => {
      details += 1;
      return HttpResponse.json(calculatedField(2, { locked: true }));
    }),
  );
  const onScreen = new QueryObserver(client, {
    ...searchFieldsQueryOptions(byName),
    staleTime: Infinity,
  });
  const unsubscribe = onScreen.subscribe(() => {});
  const drawer = new QueryObserver(client, {
    queryKey: fieldKeys.detail(2),
    queryFn: () => fetch(apiPaths.template(2)).then((answer) => answer.json()),
    staleTime: Infinity,
  });
  const closeDrawer = drawer.subscribe(() => {});
  const { result } = renderLockHook();

  await act(() => result.current.mutateAsync({ id: 2, locked: true }));

  await waitFor(() => expect(details).toBe(1));
  expect(searches).toBe(0);
  expect(isViewOutdated(client, byName)).toBe(true);
  expect(lockedIn(byName, 2)).toBe(true);
  unsubscribe();
  closeDrawer();
});

test('an out-of-date list waits for the user when the window regains focus; other lists refresh', async () => {
  const asked: SearchRequest[] = [];
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      asked.push((await request.json()) as SearchRequest);
      return HttpResponse.json(page(1));
    }),
  );
  const watch = (request: SearchRequest) =>
    new QueryObserver(client, {
      ...searchFieldsQueryOptions(request),
      staleTime: 0,
      refetchOnMount: false,
    }).subscribe(() => {});
  client.mount();
  const stopWatching = [watch(byName), watch(byCreated)];
  await client.invalidateQueries({ queryKey: fieldKeys.search(byName), refetchType: 'none' });

  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });

  await waitFor(() => expect(asked).toHaveLength(1));
  expect(asked[0]?.sort).toEqual(byCreated.sort);
  expect(isViewOutdated(client, byName)).toBe(true);
  for (const stop of stopWatching) stop();
  client.unmount();
  focusManager.setFocused(undefined);
});

test('a view of one finding that a lock made out of date says so', async () => {
  const scope = { key: 'unused' as const };
  // Opened from the audit page: the same search of the whole instance was never shown.
  client.removeQueries({ queryKey: fieldKeys.search(byName), exact: true });
  client.setQueryData(searchFieldsQueryOptions(byName, scope).queryKey, page(2));
  answerWithJournal();
  const { result } = renderLockHook();

  await act(() => result.current.mutateAsync({ id: 2, locked: true }));

  expect(isViewOutdated(client, byName, scope)).toBe(true);
});
