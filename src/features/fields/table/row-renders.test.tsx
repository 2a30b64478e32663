import { editorMe, mockJournal } from '../../../api/test-support/mock-journal';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { nameHandlers } from '../../../api/test-support/mock-names';
import { beforeEach, expect, test, vi } from 'vitest';
import { appConfigQuery } from '../../../api/app-config';
import { startSession } from '../../../api/session';
import { calculatedField, searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import type { SearchResultItem } from '../../../contract/field';
import { apiPaths } from '../../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../../contract/search';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { FieldsPage } from '../FieldsPage';
import { rowsDrawnBeyondView } from './FieldRows';
import type * as FieldCells from './field-cells';
import type * as ResizeHandles from './ColumnResizeHandle';

// How often each row's cells were drawn, read from its name cell: a row drawn again
// draws its name again.
const drawn = vi.hoisted(() => new Map<number, number>());
vi.mock('./field-cells', async (importOriginal) => {
  const cells = await importOriginal<typeof FieldCells>();
  return {
    ...cells,
    NameCell: (props: Parameters<typeof cells.NameCell>[0]) => {
      drawn.set(props.field.id, (drawn.get(props.field.id) ?? 0) + 1);
      return <cells.NameCell {...props} />;
    },
  };
});

// How often the table's header was drawn, read from its columns' resize handles.
const headerDrawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('./ColumnResizeHandle', async (importOriginal) => {
  const handles = await importOriginal<typeof ResizeHandles>();
  return {
    ...handles,
    ColumnResizeHandle: (props: Parameters<typeof handles.ColumnResizeHandle>[0]) => {
      headerDrawn.count += 1;
      return <handles.ColumnResizeHandle {...props} />;
    },
  };
});

const fields: SearchResultItem[] = Array.from({ length: 100 }, (_, index) =>
  searchItem(index + 1, { name: `Field ${String(index + 1).padStart(3, '0')}` }),
);

const server = setupMockApi(editorMe);
// 400 px at 44 px a row: 10 rows in view, and the rows drawn beyond it below.
const rowsInView = 10;
giveElementsASize(1200, 400);
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  drawn.clear();
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const body = (await request.json()) as SearchRequest;
      const matching = fields.filter((field) => field.name.includes(body.name ?? ''));
      const results = matching.slice(0, body.limit);
      const answer: SearchResponse = {
        totalHits: matching.length,
        results,
        hasMore: false,
        degraded: false,
      };
      return HttpResponse.json(answer);
    }),
    ...nameHandlers('missing'),
    ...mockJournal(
      new Map(fields.map((field) => [field.id, calculatedField(field.id, { name: field.name })])),
    ).handlers,
  );
});

async function renderTable(url = '/fields?size=100') {
  const rendered = renderWithProviders(<FieldsPage />, {
    url,
    path: '/fields',
    childRoutes: [{ path: ':id' }],
  });
  const table = await screen.findByRole('table', { name: 'Calculated fields' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  await waitFor(() => expect(drawn.get(1)).toBeGreaterThan(0));
  // The table asks which copy sorts the server answers once it has painted, and draws
  // its header again with the answer: that is part of drawing the page, not of a change.
  await waitFor(() =>
    expect(rendered.client.getQueryState(appConfigQuery.queryKey)?.status).toBe('success'),
  );
  return { ...rendered, table };
}

/** The row of a field, found by its name's text (a role query over every row is slow). */
const rowOf = (name: string) => screen.getByText(name, { exact: true }).closest('tr')!;

/** The ids of the rows the table has drawn since the counts were last cleared. */
const drawnAgain = () => [...drawn.keys()].sort((a, b) => a - b);

test('locking a field draws its row again and none of the others', async () => {
  const { user, client } = await renderTable();
  drawn.clear();

  await user.click(within(rowOf('Field 002')).getByRole('switch'));
  await waitFor(() => expect(within(rowOf('Field 002')).getByRole('switch')).toBeChecked());
  await waitFor(() => expect(client.isMutating()).toBe(0));

  expect(drawnAgain()).toEqual([2]);
});

test('ticking a row’s box draws that row again and none of the others', async () => {
  const { user } = await renderTable();
  drawn.clear();

  await user.click(within(rowOf('Field 003')).getByRole('checkbox'));
  expect(within(rowOf('Field 003')).getByRole('checkbox')).toBeChecked();

  expect(drawnAgain()).toEqual([3]);
});

test('scrolling draws only the rows that come into view', async () => {
  const { table } = await renderTable();
  const inViewBefore = [...table.querySelectorAll<HTMLElement>('tr[data-field-id]')].map((row) =>
    Number(row.dataset.fieldId),
  );
  const lastDrawn = rowsInView + rowsDrawnBeyondView;
  expect(inViewBefore.at(-1)).toBe(lastDrawn);
  drawn.clear();

  const scroller = screen.getByTestId('fields-scroller');
  scroller.scrollTop = 5 * 44;
  fireEvent.scroll(scroller);

  const comingIntoView = [1, 2, 3, 4, 5].map((step) => lastDrawn + step);
  await waitFor(() =>
    expect(table.querySelector(`tr[data-field-id="${comingIntoView.at(-1)}"]`)).not.toBeNull(),
  );
  expect(drawnAgain()).toEqual(comingIntoView);
});

test('refreshing a view that has not changed draws none of the table again', async () => {
  const { user, client } = await renderTable();
  drawn.clear();
  headerDrawn.count = 0;

  await user.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() => expect(client.isFetching()).toBe(0));

  // The page drew its states of the refresh; the table's props stayed the same.
  expect(headerDrawn.count).toBe(0);
  expect(drawnAgain()).toEqual([]);
});

test('a larger page leaves the rows already on screen as they are', async () => {
  const { user, table } = await renderTable('/fields?size=25');
  drawn.clear();

  await user.selectOptions(await screen.findByRole('combobox', { name: 'Rows per page' }), '100');
  await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '101'));
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));

  // The same rows are in view (10 and those drawn beyond), each the same field as before.
  expect(table.querySelectorAll('tr[data-field-id]')).toHaveLength(
    rowsInView + rowsDrawnBeyondView,
  );
  expect(drawnAgain()).toEqual([]);
});

test('a typed name’s new rows are drawn, the table’s header is not', async () => {
  const { user, table } = await renderTable();
  drawn.clear();
  headerDrawn.count = 0;

  await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), '05');
  await waitFor(() =>
    expect(table.querySelector('tr[data-field-id]')).toHaveAttribute('data-field-id', '5'),
  );
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));

  expect(drawnAgain()).toContain(50);
  expect(headerDrawn.count).toBe(0);
});

test('a letter that narrows the search keeps the cells of the rows that stay, moved up', async () => {
  const { user, table } = await renderTable();
  const box = screen.getByRole('searchbox', { name: 'Search by name' });
  await user.type(box, '5');
  // 5, 15, 25, 35, 45, 50 to 59, 65, 75, 85 and 95; the first 15 drawn.
  await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '20'));
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  drawn.clear();

  await user.type(box, '0', { initialSelectionStart: 0, initialSelectionEnd: 0 });
  // "05": 5 and 50 to 59, which move up four places.
  await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '12'));
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));

  expect(table.querySelector('tr[aria-rowindex="3"]')).toHaveAttribute('data-field-id', '50');
  expect(drawnAgain()).toEqual([]);
});
