import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { editorMe } from '../../../api/test-support/mock-journal';
import { beforeEach, expect, test } from 'vitest';
import type { MatchesSearch } from '../../../api/calculated-fields/all-matches';
import { startSession } from '../../../api/session';
import { heldAnswer, searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { apiPaths } from '../../../contract/paths';
import type { SearchRequest } from '../../../contract/search';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { PageCheckbox, RowCheckbox } from './selection-cells';
import { SelectionBar } from './SelectionBar';
import { useFieldSelection } from './use-field-selection';

/** 30 matching fields, "Field 01" to "Field 30", shown 10 a page; every third one is locked. */
const matching = Array.from({ length: 30 }, (_, index) =>
  searchItem(index + 1, {
    name: `Field ${String(index + 1).padStart(2, '0')}`,
    locked: (index + 1) % 3 === 0,
  }),
);
const pages = [matching.slice(0, 10), matching.slice(10, 20), matching.slice(20)];
const search: MatchesSearch = { name: 'Field', filters: [{ field: 'notvariable' }] };

/** Each search the bar sent, in order. */
let searches: SearchRequest[] = [];
/** While set, searches wait for the test to let them go. */
let searchesHeld: ReturnType<typeof heldAnswer> | undefined;

const server = setupMockApi(editorMe);

beforeEach(() => {
  startSession('token-for-tests', false);
  searches = [];
  searchesHeld = undefined;
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const body = (await request.json()) as SearchRequest;
      searches.push(body);
      await searchesHeld?.hold();
      const offset = body.offset ?? 0;
      const results = matching.slice(offset, offset + body.limit);
      return HttpResponse.json({
        totalHits: matching.length,
        results,
        hasMore: offset + results.length < matching.length,
        degraded: false,
      });
    }),
  );
});

/** The table's selection column and the bar above it, over the three pages of one search. */
function PagedSelection() {
  const [page, setPage] = useState(0);
  const controls = useFieldSelection(pages[page]);
  return (
    <>
      <SelectionBar
        controls={controls}
        search={search}
        searchKey={JSON.stringify(search)}
        totalHits={matching.length}
      />
      <PageCheckbox controls={controls} />
      <ul aria-label="Rows">
        {pages[page]!.map((field) => (
          <li key={field.id}>
            <RowCheckbox field={field} controls={controls} />
          </li>
        ))}
      </ul>
      {pages.map((_, index) => (
        <button key={index} type="button" onClick={() => setPage(index)}>
          Page {index + 1}
        </button>
      ))}
    </>
  );
}

function renderSelection() {
  const rendered = renderWithProviders(<PagedSelection />, { url: '/fields' });
  const bar = screen.getByRole('group', { name: 'Selected fields' });
  return { ...rendered, bar, status: within(bar).getByRole('status') };
}

const rowCheckbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const pageCheckbox = () => screen.getByRole('checkbox', { name: 'Select all fields on this page' });

test('a selection outlives a change of page, and says how much of it the page does not show', async () => {
  const { user, status } = renderSelection();
  expect(status).toHaveTextContent(/^$/);

  await user.click(rowCheckbox('Field 02'));
  await user.click(rowCheckbox('Field 05'));
  expect(status).toHaveTextContent(/^2 selected$/);
  expect(pageCheckbox()).toHaveAttribute('data-indeterminate', 'true');

  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(status).toHaveTextContent(/^2 selected \(2 not on this page\)$/);
  expect(rowCheckbox('Field 12')).not.toBeChecked();
  await user.click(rowCheckbox('Field 12'));
  expect(status).toHaveTextContent(/^3 selected \(2 not on this page\)$/);

  await user.click(screen.getByRole('button', { name: 'Page 1' }));
  expect(rowCheckbox('Field 02')).toBeChecked();
  expect(rowCheckbox('Field 05')).toBeChecked();
  expect(rowCheckbox('Field 03')).not.toBeChecked();
  expect(status).toHaveTextContent(/^3 selected \(1 not on this page\)$/);
  expect(searches).toEqual([]);
});

test('a whole page selected offers every match; they are gathered across pages and all selected', async () => {
  const { user, bar, status } = renderSelection();
  expect(within(bar).queryByRole('button', { name: /^Select all/ })).toBeNull();

  await user.click(pageCheckbox());
  expect(status).toHaveTextContent(/^10 selected$/);
  searchesHeld = heldAnswer();
  await user.click(within(bar).getByRole('button', { name: 'Select all 30 fields matching' }));

  // While the pages are read, the bar says so and offers to cancel.
  await searchesHeld.received;
  expect(await within(bar).findByText('Selecting all matching: gathering fields…')).toBeVisible();
  expect(within(bar).getByRole('button', { name: 'Cancel selecting all matching' })).toBeVisible();
  searchesHeld.release();

  expect(await within(bar).findByText('All 30 fields matching are selected.')).toBeVisible();
  expect(status).toHaveTextContent(/^30 selected \(20 not on this page\)$/);
  // The bar's own search: its name and filters, every page of it.
  expect(searches).toEqual([
    {
      name: 'Field',
      filters: [{ field: 'notvariable' }],
      sort: { field: 'created', ascending: true },
      limit: 5000,
      offset: 0,
    },
  ]);
  await user.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(rowCheckbox('Field 30')).toBeChecked();
  expect(pageCheckbox()).toBeChecked();

  // Deselecting one ends "all matching": the count says so and the offer waits for a whole page.
  await user.click(rowCheckbox('Field 30'));
  expect(status).toHaveTextContent(/^29 selected \(20 not on this page\)$/);
  expect(within(bar).queryByText(/matching are selected/)).toBeNull();
  expect(within(bar).queryByRole('button', { name: /^Select all/ })).toBeNull();
});

test('selecting every match can be cancelled, and a failure says so and selects nothing more', async () => {
  const { user, bar, status } = renderSelection();
  await user.click(pageCheckbox());

  searchesHeld = heldAnswer();
  await user.click(within(bar).getByRole('button', { name: 'Select all 30 fields matching' }));
  await searchesHeld.received;
  await user.click(within(bar).getByRole('button', { name: 'Cancel selecting all matching' }));
  expect(
    await within(bar).findByRole('button', { name: 'Select all 30 fields matching' }),
  ).toBeVisible();
  searchesHeld.release();
  expect(status).toHaveTextContent(/^10 selected$/);

  // Refused rather than failed: a refusal is not tried again.
  server.use(
    http.post(apiPaths.search, () =>
      HttpResponse.json(
        { status: 400, statusReason: 'Bad Request', message: 'unknown filter', path: '' },
        { status: 400 },
      ),
    ),
  );
  await user.click(within(bar).getByRole('button', { name: 'Select all 30 fields matching' }));
  const notice = (await screen.findByText('Not every match could be selected')).closest(
    '[role="alert"]',
  );
  expect(notice).toHaveTextContent(/unknown filter/i);
  expect(status).toHaveTextContent(/^10 selected$/);
});

test('Clear selection empties it on every page, and the bar offers nothing until something is selected', async () => {
  const { user, bar, status } = renderSelection();
  await user.click(pageCheckbox());
  await user.click(within(bar).getByRole('button', { name: 'Select all 30 fields matching' }));
  await within(bar).findByText('All 30 fields matching are selected.');
  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(within(bar).getByRole('button', { name: 'Lock selected' })).toBeVisible();

  await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));

  expect(status).toHaveTextContent(/^$/);
  expect(rowCheckbox('Field 12')).not.toBeChecked();
  expect(pageCheckbox()).not.toBeChecked();
  for (const action of ['Lock selected', 'Unlock selected', 'Clear selection']) {
    expect(within(bar).queryByRole('button', { name: action })).toBeNull();
  }
  expect(within(bar).queryByText(/matching are selected/)).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Page 1' }));
  expect(rowCheckbox('Field 02')).not.toBeChecked();
  // "All matching" was cleared too: a whole page selected offers it again.
  await user.click(pageCheckbox());
  expect(within(bar).getByRole('button', { name: 'Select all 30 fields matching' })).toBeVisible();
});
