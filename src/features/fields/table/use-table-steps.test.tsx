import { readerMe } from '../../../api/test-support/mock-journal';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { nameHandlers } from '../../../api/test-support/mock-names';
import { useParams } from 'react-router-dom';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { useFieldSteps } from '../../../components/field-steps';
import { apiPaths } from '../../../contract/paths';
import type { SearchRequest } from '../../../contract/search';
import { giveElementsASize } from '../../../test-support/element-size';
import { currentUrl, renderWithProviders } from '../../../test-support/render-with-providers';
import { FieldsPage } from '../FieldsPage';

/** 60 fields, "Field 01" to "Field 60", in name order by id. */
const fields = Array.from({ length: 60 }, (_, index) =>
  searchItem(index + 1, { name: `Field ${String(index + 1).padStart(2, '0')}` }),
);

const server = setupMockApi(readerMe);
// Tall enough for the first rows of a page (9 in view and 12 overscan), which are all
// the tests read: every further row is rendered again on each change of the page.
giveElementsASize(1200, 400);
vi.setConfig({ testTimeout: 90_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const body = (await request.json()) as SearchRequest;
      const ordered = body.sort.ascending ? fields : [...fields].reverse();
      const offset = body.offset ?? 0;
      const results = ordered.slice(offset, offset + body.limit);
      return HttpResponse.json({
        totalHits: fields.length,
        results,
        hasMore: offset + results.length < fields.length,
        degraded: false,
      });
    }),
    // An instance that names nothing: the table shows ids.
    ...nameHandlers('missing'),
  );
});

/** Stands in for the drawer: what the fields page gives its child route to step with. */
function StepsProbe() {
  const id = Number(useParams().id);
  const steps = useFieldSteps();
  const position = steps?.position(id);
  return (
    <div role="group" aria-label="Steps">
      <p>{position ? `${position.number} of ${position.total}` : 'not on this page'}</p>
      <button type="button" onClick={() => void steps?.step(id, 'previous')}>
        previous
      </button>
      <button type="button" onClick={() => void steps?.step(id, 'next')}>
        next
      </button>
    </div>
  );
}

/**
 * The probe and the table's rows, each found by a query over that part alone: a query
 * over the whole page, repeated by each `waitFor`, cost seconds of CPU.
 */
const probe = () => within(screen.getByRole('group', { name: 'Steps' }));
const stepButton = (name: 'previous' | 'next') => probe().getByRole('button', { name });
const table = () => within(screen.getByRole('table', { name: 'Calculated fields' }));

test('steps through the rows in table order, across page edges both ways, and Back returns', async () => {
  const { user } = renderWithProviders(<FieldsPage />, {
    url: '/fields/24?size=25',
    path: '/fields',
    childRoutes: [{ path: ':id', element: <StepsProbe /> }],
  });
  expect(await probe().findByText('24 of 60')).toBeInTheDocument();

  await user.click(stepButton('next'));
  await waitFor(() => expect(currentUrl()).toBe('/fields/25?size=25'));
  expect(await probe().findByText('25 of 60')).toBeInTheDocument();

  // The last row of the page: the next field is the first of page 2, which the table shows.
  await user.click(stepButton('next'));
  await waitFor(() => expect(currentUrl()).toBe('/fields/26?size=25&page=2'));
  expect(await probe().findByText('26 of 60')).toBeInTheDocument();
  expect(await table().findByRole('link', { name: 'Field 26' })).toBeInTheDocument();
  expect(table().queryByRole('link', { name: 'Field 25' })).not.toBeInTheDocument();

  // And back over the edge to the last row of page 1.
  await user.click(stepButton('previous'));
  await waitFor(() => expect(currentUrl()).toBe('/fields/25?size=25'));
  expect(await probe().findByText('25 of 60')).toBeInTheDocument();

  window.history.back();
  await waitFor(() => expect(currentUrl()).toBe('/fields/26?size=25&page=2'));
  window.history.back();
  await waitFor(() => expect(currentUrl()).toBe('/fields/25?size=25'));
  window.history.back();
  await waitFor(() => expect(currentUrl()).toBe('/fields/24?size=25'));
});

test('keeps the sort and other parts of the address, and stops at the last field', async () => {
  const { user } = renderWithProviders(<FieldsPage />, {
    url: '/fields/2?sort=-name&size=25&page=3',
    path: '/fields',
    childRoutes: [{ path: ':id', element: <StepsProbe /> }],
  });
  // Descending, page 3 holds fields 10 to 1.
  expect(await probe().findByText('59 of 60')).toBeInTheDocument();
  await user.click(stepButton('next'));
  await waitFor(() => expect(currentUrl()).toBe('/fields/1?sort=-name&size=25&page=3'));
  expect(await probe().findByText('60 of 60')).toBeInTheDocument();
  await user.click(stepButton('next'));
  expect(currentUrl()).toBe('/fields/1?sort=-name&size=25&page=3');
});
