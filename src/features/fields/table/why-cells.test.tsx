import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { editorMe } from '../../../api/test-support/mock-journal';
import { nameHandlers } from '../../../api/test-support/mock-names';
import { AUDIT_BASE } from '../../../contract/audit-paths';
import { apiPaths } from '../../../contract/paths';
import type { FindingKey } from '../../../contract/finding-kinds';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { FieldsPage } from '../FieldsPage';
import { tableLayoutStorageKey } from './layout/table-layout';

const fields = [
  searchItem(1, { name: 'Revenue' }),
  searchItem(2, { name: 'Margin' }),
  searchItem(3, { name: 'Cost' }),
];

/** What each finding says of the fields: a right-to-left override hides in one quoted name. */
const notesOf: Partial<Record<FindingKey, Record<string, string>>> = {
  'broken-references': {
    '1': '`Profit` missing from data source Sales Orders; `Units` missing from data source Sales Orders',
    '2': '`Pro\u202Efit` missing from data source Returns',
  },
  nested: { '1': 'depth 1: `Revenue` → `Margin`' },
  unused: {},
};

const server = setupMockApi(editorMe);
giveElementsASize(1200, 400);
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  localStorage.removeItem(tableLayoutStorageKey);
  server.use(
    http.post(`${AUDIT_BASE}/findings/:key/fields`, ({ params }) =>
      HttpResponse.json({
        totalHits: fields.length,
        results: fields,
        hasMore: false,
        degraded: false,
        notes: notesOf[params.key as FindingKey] ?? {},
      }),
    ),
    http.post(apiPaths.search, () =>
      HttpResponse.json({
        totalHits: fields.length,
        results: fields,
        hasMore: false,
        degraded: false,
      }),
    ),
    ...nameHandlers('missing'),
  );
});

function renderPage(url: string) {
  return renderWithProviders(<FieldsPage />, {
    url,
    path: '/fields',
    childRoutes: [{ path: ':id' }],
  });
}

async function shownTable() {
  const table = await screen.findByRole('table', { name: 'Calculated fields' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}

function headers(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.getAttribute('aria-label') ?? header.textContent);
}

/** The row's Why cell, found by the column's place among the headers. */
function whyCell(table: HTMLElement, name: string) {
  const column = headers(table).indexOf('Why');
  const row = within(table).getByRole('link', { name }).closest('tr')!;
  return row.cells[column]!;
}

test('a finding’s fields say why each is in it, beside the name, hidden characters shown', async () => {
  renderPage('/fields?variables=shown&finding=broken-references');
  const table = await shownTable();
  expect(headers(table).slice(1, 4)).toEqual(['Name', 'Why', 'Owner']);

  expect(whyCell(table, 'Revenue')).toHaveTextContent(
    '`Profit` missing from data source Sales Orders; `Units` missing from data source Sales Orders',
  );
  // The override is shown as its code point, and turns nothing after it.
  const margin = whyCell(table, 'Margin');
  expect(margin).toHaveTextContent('`Pro⟨U+202E⟩fit` missing from data source Returns');
  expect(margin.querySelector('bdi')).not.toBeNull();
  // A field the finding says nothing of has an empty cell.
  expect(whyCell(table, 'Cost')).toBeEmptyDOMElement();
});

test('the whole note shows on keyboard focus, the next stop after the name', async () => {
  const { user } = renderPage('/fields?variables=shown&finding=broken-references');
  const table = await shownTable();
  act(() => within(table).getByRole('link', { name: 'Revenue' }).focus());
  await user.tab();

  const note = whyCell(table, 'Revenue').firstElementChild;
  expect(document.activeElement).toBe(note);
  expect(await screen.findByRole('tooltip')).toHaveTextContent(
    '`Profit` missing from data source Sales Orders; `Units` missing from data source Sales Orders',
  );
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
});

test('the plain table and a finding that says nothing of each field have no Why column', async () => {
  const { unmount } = renderPage('/fields');
  expect(headers(await shownTable())).not.toContain('Why');
  unmount();

  renderPage('/fields?variables=shown&finding=unused');
  const table = await shownTable();
  expect(within(table).getByRole('link', { name: 'Revenue' })).toBeInTheDocument();
  expect(headers(table)).not.toContain('Why');
});

test('another finding’s notes replace the last, though its fields are the same', async () => {
  const { router } = renderPage('/fields?variables=shown&finding=broken-references');
  let table = await shownTable();
  expect(whyCell(table, 'Revenue')).toHaveTextContent('`Profit` missing');

  await act(() => router.navigate('/fields?variables=shown&finding=nested'));
  table = await shownTable();
  await waitFor(() =>
    expect(whyCell(table, 'Revenue')).toHaveTextContent('depth 1: `Revenue` → `Margin`'),
  );
  expect(whyCell(table, 'Margin')).toBeEmptyDOMElement();
});

test('a layout that hides the Why column is followed in a finding’s view', async () => {
  localStorage.setItem(
    tableLayoutStorageKey,
    JSON.stringify({ columns: { why: false }, sizes: {}, density: 'comfortable' }),
  );
  renderPage('/fields?variables=shown&finding=broken-references');
  const table = await shownTable();
  expect(within(table).getByRole('link', { name: 'Revenue' })).toBeInTheDocument();
  expect(headers(table)).not.toContain('Why');
});
