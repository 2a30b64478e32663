import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, expect, test } from 'vitest';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest } from '../../contract/search';
import { startSession } from '../session';
import { searchItem, setupMockApi } from '../test-support/mock-api';
import { fieldKeys } from './field-keys';
import { searchFields, sendSearchNow } from './search-fields';
import { useSearchFields } from './use-search-fields';

const server = setupMockApi();
beforeEach(() => startSession('token-for-tests', false));

const byName = (name: string): SearchRequest => ({
  filters: [],
  sort: { field: 'name', ascending: true },
  limit: 50,
  name,
});

/**
 * Searches held until the test answers each (`answers`, by name), with the names of
 * those whose request was aborted; each answers one field named after the search.
 */
function holdSearches() {
  const aborted: string[] = [];
  const answers = new Map<string, () => void>();
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const { name } = (await request.clone().json()) as SearchRequest;
      request.signal.addEventListener('abort', () => aborted.push(name!));
      await new Promise<void>((resolve) => answers.set(name!, resolve));
      return HttpResponse.json({
        totalHits: 1,
        results: [searchItem(name!.length, { name: `${name} field` })],
        hasMore: false,
        degraded: false,
      });
    }),
  );
  return { aborted, answers };
}

test('a newer search cancels the one in flight, and the rows on screen stay until it answers', async () => {
  const { aborted, answers } = holdSearches();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result, rerender } = renderHook(({ name }) => useSearchFields(byName(name)), {
    wrapper,
    initialProps: { name: 'r' },
  });
  await waitFor(() => expect(answers.has('r')).toBe(true));
  answers.get('r')!();
  await waitFor(() => expect(result.current.data?.results[0]?.name).toBe('r field'));

  rerender({ name: 're' });
  await waitFor(() => expect(answers.has('re')).toBe(true));
  rerender({ name: 'rev' });
  await waitFor(() => expect(answers.has('rev')).toBe(true));
  await waitFor(() => expect(aborted).toEqual(['re']));
  // The rows of "r" stay, marked as a placeholder, until "rev" answers.
  expect(result.current.data?.results[0]?.name).toBe('r field');
  expect(result.current.isPlaceholderData).toBe(true);

  answers.get('rev')!();
  await waitFor(() => expect(result.current.data?.results[0]?.name).toBe('rev field'));
  expect(result.current.isPlaceholderData).toBe(false);
  expect(aborted).toEqual(['re']);
});

test('a search sent as the view is chosen is the one the page shows, even when it answers before the page draws', async () => {
  const sent: string[] = [];
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const { name } = (await request.json()) as SearchRequest;
      sent.push(name!);
      return HttpResponse.json({
        totalHits: 1,
        results: [searchItem(name!.length, { name: `${name} field` })],
        hasMore: false,
        degraded: false,
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result, rerender } = renderHook(({ name }) => useSearchFields(byName(name)), {
    wrapper,
    initialProps: { name: 'r' },
  });
  await waitFor(() => expect(result.current.data?.results[0]?.name).toBe('r field'));

  sendSearchNow(client, byName('rev'));
  await waitFor(() => expect(client.isFetching()).toBe(0));
  rerender({ name: 'rev' });

  expect(result.current.data?.results[0]?.name).toBe('rev field');
  await waitFor(() => expect(client.isFetching()).toBe(0));
  expect(sent).toEqual(['r', 'rev']);
});

test('a search sent for a view typed past before it answered is cancelled by the next one', async () => {
  const { aborted, answers } = holdSearches();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  void sendSearchNow(client, byName('re'));
  await waitFor(() => expect(answers.has('re')).toBe(true));
  void sendSearchNow(client, byName('rev'));
  await waitFor(() => expect(answers.has('rev')).toBe(true));
  await waitFor(() => expect(aborted).toEqual(['re']));

  answers.get('rev')!();
  await waitFor(() => expect(client.getQueryData(fieldKeys.search(byName('rev')))).toBeDefined());
  expect(aborted).toEqual(['re']);
});

// Most answers are read without zod (contract/search-page-quick-read.ts); these are not.
test('an answer with a row of another shape shows the rows that fit and names the one that does not', async () => {
  server.use(
    http.post(apiPaths.search, () =>
      HttpResponse.json({
        totalHits: 2,
        results: [searchItem(1), { ...searchItem(2), owner: 'Ada' }],
        hasMore: false,
        degraded: false,
      }),
    ),
  );
  const page = await searchFields(byName(''));
  expect(page.results.map((field) => field.id)).toEqual([1]);
  expect(page.unreadableRows).toEqual([
    { position: 2, id: '2', problem: expect.stringMatching(/^owner: .*expected number/) },
  ]);
});

test('an answer that is not a search page fails, naming what was unexpected', async () => {
  server.use(http.post(apiPaths.search, () => HttpResponse.json({ totalHits: 1, results: [] })));
  await expect(searchFields(byName(''))).rejects.toMatchObject({
    kind: 'unexpected',
    message: expect.stringMatching(/hasMore: .*expected boolean/),
  });
});
