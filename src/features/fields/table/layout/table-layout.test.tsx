import { readerMe } from '../../../../api/test-support/mock-journal';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../../api/session';
import { searchItem, setupMockApi } from '../../../../api/test-support/mock-api';
import { apiPaths } from '../../../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../../../contract/search';
import { giveElementsASize } from '../../../../test-support/element-size';
import { renderWithProviders } from '../../../../test-support/render-with-providers';
import { FieldsPage } from '../../FieldsPage';
import { tableLayoutStorageKey } from './table-layout';

const brokenLink = {
  resource: { type: 'CARD', id: '9' },
  visible: true,
  active: true,
  valid: 'INVALID_COLUMNS',
};

const fields = [
  searchItem(1, { name: 'Revenue' }),
  searchItem(2, { name: 'Margin', status: 'INVALID' }),
  searchItem(3, { name: 'Churn', links: [brokenLink, brokenLink] }),
];

/** Each search the page sent, in order. */
let searches: SearchRequest[] = [];

const server = setupMockApi(readerMe);
giveElementsASize();
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  searches = [];
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      searches.push((await request.json()) as SearchRequest);
      const answer: SearchResponse = {
        totalHits: fields.length,
        results: fields,
        hasMore: false,
        degraded: false,
      };
      return HttpResponse.json(answer);
    }),
  );
});

async function renderPage() {
  const rendered = renderWithProviders(<FieldsPage />, {
    url: '/fields',
    path: '/fields',
    childRoutes: [{ path: ':id' }],
  });
  // Waited for by its label: a role query, repeated after every change to the page,
  // looks at every element of the page and computes the styles of those it matches.
  await waitFor(() =>
    expect(
      document.querySelector('table[aria-label="Calculated fields"][aria-busy="false"]'),
    ).not.toBeNull(),
  );
  const table = screen.getByRole('table', { name: 'Calculated fields' });
  expect(table).toHaveAttribute('aria-busy', 'false');
  return { ...rendered, table };
}

/** The column headers' names, in order, the checkbox column's left out. */
function headerNames(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.getAttribute('aria-label'))
    .filter((name) => name !== null);
}

async function openLayoutMenu(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'Layout' }));
  return screen.findByRole('dialog');
}

function stored() {
  return JSON.parse(window.localStorage.getItem(tableLayoutStorageKey) ?? 'null') as unknown;
}

const defaultHeaders = [
  'Name',
  'Owner',
  'Locked',
  'Status',
  'Links',
  'Data sources / cards',
  'Created',
  'Last modified',
  'Archived',
];

test('the layout menu hides and shows columns, never the name or the lock, and the choice outlives a reload', async () => {
  const first = await renderPage();
  expect(headerNames(first.table)).toEqual(defaultHeaders);

  const menu = await openLayoutMenu(first.user);
  expect(within(menu).getByRole('checkbox', { name: /^Name/ })).toBeDisabled();
  expect(within(menu).getByRole('checkbox', { name: /^Locked/ })).toBeDisabled();
  await first.user.click(within(menu).getByRole('checkbox', { name: 'Owner' }));
  await first.user.click(within(menu).getByRole('checkbox', { name: 'Id' }));

  await waitFor(() =>
    expect(headerNames(first.table)).toEqual([
      ...defaultHeaders.filter((name) => name !== 'Owner'),
      'Id',
    ]),
  );
  expect(within(first.table).getAllByRole('row')[1]!.querySelectorAll('td')).toHaveLength(10);
  expect(stored()).toMatchObject({ columns: { owner: false, id: true } });

  first.unmount();
  const second = await renderPage();
  expect(headerNames(second.table)).not.toContain('Owner');
  expect(headerNames(second.table)).toContain('Id');
});

test('compact rows are kept, and Reset all brings back the defaults', async () => {
  const first = await renderPage();
  expect(first.table).toHaveAttribute('data-density', 'comfortable');
  const menu = await openLayoutMenu(first.user);
  await first.user.click(within(menu).getByRole('radio', { name: 'Compact' }));
  await waitFor(() => expect(first.table).toHaveAttribute('data-density', 'compact'));
  first.unmount();

  const second = await renderPage();
  expect(second.table).toHaveAttribute('data-density', 'compact');
  const again = await openLayoutMenu(second.user);
  await second.user.click(within(again).getByRole('checkbox', { name: 'Status' }));
  await second.user.click(within(again).getByRole('button', { name: 'Reset all' }));
  await waitFor(() => expect(second.table).toHaveAttribute('data-density', 'comfortable'));
  expect(headerNames(second.table)).toEqual(defaultHeaders);
});

test('a column resized with the keyboard keeps its width after a reload, within bounds', async () => {
  const first = await renderPage();
  const handle = within(first.table).getByRole('separator', { name: 'Resize Owner' });
  expect(handle).toHaveAttribute('aria-valuenow', '150');
  expect(within(first.table).queryByRole('separator', { name: 'Resize Name' })).toBeNull();

  handle.focus();
  await first.user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowLeft}{/Shift}');
  // 150 + 10 + 10 - 50
  await waitFor(() => expect(handle).toHaveAttribute('aria-valuenow', '120'));
  expect(within(first.table).getByRole('columnheader', { name: 'Owner' })).toHaveStyle({
    width: '120px',
  });
  await first.user.keyboard('{Home}');
  await waitFor(() => expect(handle).toHaveAttribute('aria-valuenow', '48'));
  await first.user.keyboard('{ArrowRight}');
  first.unmount();

  const second = await renderPage();
  expect(within(second.table).getByRole('columnheader', { name: 'Owner' })).toHaveStyle({
    width: '58px',
  });
  const menu = await openLayoutMenu(second.user);
  await second.user.click(within(menu).getByRole('button', { name: 'Reset widths' }));
  await waitFor(() =>
    expect(within(second.table).getByRole('columnheader', { name: 'Owner' })).toHaveStyle({
      width: '150px',
    }),
  );
});

test.each([
  ['text that is not JSON', '{"columns": '],
  ['a value of another shape', '[1, 2, 3]'],
  ['null', 'null'],
])('a stored layout that is %s gives the default layout', async (_, text) => {
  window.localStorage.setItem(tableLayoutStorageKey, text);
  const { table } = await renderPage();
  expect(headerNames(table)).toEqual(defaultHeaders);
  expect(table).toHaveAttribute('data-density', 'comfortable');
});

test('a stored layout keeps what it can: wrong parts fall back, widths are bounded, the name and lock show', async () => {
  window.localStorage.setItem(
    tableLayoutStorageKey,
    JSON.stringify({
      columns: { name: false, locked: false, owner: 'no', created: false, nonsense: false },
      sizes: { owner: 99_999, status: 'wide', links: -5 },
      density: 'tiny',
    }),
  );
  const { table } = await renderPage();
  expect(headerNames(table)).toEqual(defaultHeaders.filter((name) => name !== 'Created'));
  expect(table).toHaveAttribute('data-density', 'comfortable');
  expect(within(table).getByRole('separator', { name: 'Resize Owner' })).toHaveAttribute(
    'aria-valuenow',
    '640',
  );
  expect(within(table).getByRole('separator', { name: 'Resize Links' })).toHaveAttribute(
    'aria-valuenow',
    '48',
  );
  expect(within(table).getByRole('separator', { name: 'Resize Status' })).toHaveAttribute(
    'aria-valuenow',
    '116',
  );
  // What is kept is rewritten clean, so a later version reads bounded widths too.
  await waitFor(() =>
    expect(stored()).toEqual({
      columns: { problems: false, usage: false, id: false, created: false },
      sizes: { owner: 640, links: 48 },
      density: 'comfortable',
    }),
  );
});

test('the headers the API sorts by say so, the others do not; the id sorts too, newest first', async () => {
  window.localStorage.setItem(tableLayoutStorageKey, JSON.stringify({ columns: { id: true } }));
  const { table, user } = await renderPage();
  const sortOf = (name: string) =>
    within(table).getByRole('columnheader', { name }).getAttribute('aria-sort');
  expect(sortOf('Name')).toBe('ascending');
  expect(['Created', 'Last modified', 'Id'].map(sortOf)).toEqual(['none', 'none', 'none']);
  for (const name of ['Owner', 'Locked', 'Status', 'Links', 'Archived']) {
    expect(sortOf(name)).toBeNull();
    expect(
      within(within(table).getByRole('columnheader', { name })).queryByRole('button'),
    ).toBeNull();
  }

  await user.click(
    within(within(table).getByRole('columnheader', { name: 'Id' })).getByRole('button'),
  );
  await waitFor(() => expect(searches.at(-1)?.sort).toEqual({ field: 'id', ascending: false }));
  await waitFor(() => expect(sortOf('Id')).toBe('descending'));
});

test('a phone shows the name, lock, status and a problem marker whatever was chosen, with no resizing', async () => {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  window.localStorage.setItem(
    tableLayoutStorageKey,
    JSON.stringify({ columns: { status: false } }),
  );
  const { table, user } = await renderPage();

  expect(headerNames(table)).toEqual(['Name', 'Locked', 'Status', 'Problems']);
  expect(screen.queryByRole('separator')).toBeNull();
  const rowOf = (name: string) =>
    within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByRole('link', { name }))!;
  expect(within(rowOf('Revenue')).queryAllByRole('img')).toEqual([]);
  expect(within(rowOf('Margin')).getAllByRole('img', { name: 'Invalid' })).not.toHaveLength(0);
  expect(within(rowOf('Churn')).getByRole('img', { name: '2 broken links' })).toBeVisible();

  const menu = await openLayoutMenu(user);
  expect(menu).toHaveTextContent('On a narrow screen the table shows the name, lock, status');
  expect(within(menu).queryByRole('checkbox')).toBeNull();
});
