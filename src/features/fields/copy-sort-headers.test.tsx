import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { searchItem, setupMockApi } from '../../api/test-support/mock-api';
import { startSession } from '../../api/session';
import { copySortFields } from '../../contract/copy-orders';
import { APP_CONFIG_PATH, apiPaths } from '../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import { giveElementsASize } from '../../test-support/element-size';
import { currentUrl, renderWithProviders } from '../../test-support/render-with-providers';
import { FieldsPage } from './FieldsPage';

// The sorts production lacks (contract/copy-orders.ts) are offered by their headers
// only where the server says it answers them (the app config's copySorts).

const fields = Array.from({ length: 5 }, (_, index) => searchItem(index + 1));
let searches: SearchRequest[] = [];
let configsSent = 0;

const server = setupMockApi();
giveElementsASize(1200, 400);
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  searches = [];
  configsSent = 0;
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const body = (await request.json()) as SearchRequest;
      searches.push(body);
      const answer: SearchResponse = {
        totalHits: fields.length,
        results: fields,
        hasMore: false,
        degraded: false,
      };
      return HttpResponse.json(answer);
    }),
    http.get(apiPaths.directory, () => new HttpResponse(null, { status: 404 })),
  );
});

function serverAnswers(copySorts: readonly string[] | undefined) {
  server.use(
    http.get(APP_CONFIG_PATH, () => {
      configsSent += 1;
      return HttpResponse.json({
        mode: 'embedded',
        tokenHeldByServer: false,
        demo: false,
        copySorts,
      });
    }),
  );
}

function header(name: RegExp) {
  const table = screen.getByRole('table', { name: 'Calculated fields' });
  return within(table).getByRole('columnheader', { name });
}

test('the owner and links headers sort by the server, in the address, with aria-sort', async () => {
  serverAnswers(copySortFields);
  const { user } = renderWithProviders(<FieldsPage />, { url: '/fields', path: '/fields' });
  await screen.findByText('Field 1');
  const owner = header(/Owner/);
  await waitFor(() => expect(owner).toHaveAttribute('aria-sort', 'none'));

  await user.click(within(owner).getByRole('button', { name: /Owner/ }));
  await waitFor(() => expect(currentUrl()).toBe('/fields?sort=owner'));
  await waitFor(() => expect(searches.at(-1)?.sort).toEqual({ field: 'owner', ascending: true }));
  await waitFor(() => expect(header(/Owner/)).toHaveAttribute('aria-sort', 'ascending'));

  // The most links first, as with dates.
  await user.click(within(header(/Links/)).getByRole('button', { name: /Links/ }));
  await waitFor(() => expect(currentUrl()).toBe('/fields?sort=-links'));
  await waitFor(() => expect(searches.at(-1)?.sort).toEqual({ field: 'links', ascending: false }));
  await waitFor(() => expect(header(/Links/)).toHaveAttribute('aria-sort', 'descending'));
  expect(header(/Owner/)).toHaveAttribute('aria-sort', 'none');
});

test('a server that does not answer them leaves those headers plain', async () => {
  serverAnswers(undefined);
  renderWithProviders(<FieldsPage />, { url: '/fields', path: '/fields' });
  await screen.findByText('Field 1');
  await waitFor(() => expect(configsSent).toBe(1));
  // Production's sorts are offered all the same.
  await waitFor(() => expect(header(/Created/)).toHaveAttribute('aria-sort', 'none'));
  for (const name of [/Owner/, /Status/, /Links/]) {
    expect(header(name)).not.toHaveAttribute('aria-sort');
    expect(within(header(name)).queryByRole('button', { name })).toBeNull();
  }
});
