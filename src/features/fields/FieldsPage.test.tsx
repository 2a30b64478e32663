import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MockJournalOptions } from '../../api/test-support/mock-journal';
import { editorMe, heldChangeSets, mockJournal } from '../../api/test-support/mock-journal';
import { nameHandlers } from '../../api/test-support/mock-names';
import { beforeEach, expect, test, vi } from 'vitest';
import { endSession, startSession } from '../../api/session';
import {
  calculatedField,
  heldAnswer,
  searchItem,
  setupMockApi,
} from '../../api/test-support/mock-api';
import type { SearchResultItem } from '../../contract/field';
import { AUDIT_BASE } from '../../contract/audit-paths';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import { giveElementsASize } from '../../test-support/element-size';
import {
  appQueryClient,
  currentUrl,
  renderWithProviders,
} from '../../test-support/render-with-providers';
import { FieldsPage } from './FieldsPage';
import { prefetchFieldsPage } from './prefetch-fields-page';
import { rowsDrawnBeyondView } from './table/FieldRows';

/** 60 fields named "Field 01" to "Field 60"; every third one is locked, the last two are variables. */
const initialFields: SearchResultItem[] = Array.from({ length: 60 }, (_, index) => {
  const id = index + 1;
  return searchItem(id, {
    name: `Field ${String(id).padStart(2, '0')}`,
    locked: id % 3 === 0,
    variable: id > 58,
    created: 1_690_000_000_000 + id * 1000,
  });
});

/** The instance's fields as they are now: a lock the server accepts changes them. */
let fields: SearchResultItem[] = [];
/** Each search the page sent, in order. */
let searches: SearchRequest[] = [];
/** While set, searches wait for the test to let them go. */
let searchesHeld: ReturnType<typeof heldAnswer> | undefined;

/** Answers searches from `fields` for the filters the page sends, as an instance would. */
function answerSearch(request: SearchRequest): SearchResponse {
  const has = (name: string) => request.filters.some((filter) => filter.field === name);
  let matches = fields.filter(
    (field) =>
      (!has('locked') || field.locked) &&
      (!has('notlocked') || !field.locked) &&
      (!has('notvariable') || !field.variable) &&
      field.name.includes(request.name ?? ''),
  );
  const key = request.sort.field === 'created' ? 'created' : 'name';
  matches = [...matches].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
  if (!request.sort.ascending) matches.reverse();
  const offset = request.offset ?? 0;
  const results = matches.slice(offset, offset + request.limit);
  return {
    totalHits: matches.length,
    results,
    hasMore: offset + results.length < matches.length,
    degraded: false,
  };
}

const server = setupMockApi(editorMe);

const notYours = { status: 403, statusReason: 'Forbidden', message: 'not yours', path: '' };

/** The journal over the page's fields: a lock it makes shows in the searches after it. */
function answerLocks(options: MockJournalOptions = {}) {
  const asFields = fields.map(
    (field) =>
      [field.id, calculatedField(field.id, { name: field.name, locked: field.locked })] as const,
  );
  const journal = mockJournal(new Map(asFields), {
    ...options,
    onApplied: (id, after) => {
      fields = fields.map((field) =>
        field.id === id && after ? { ...field, locked: after.locked } : field,
      );
    },
  });
  server.use(...journal.handlers);
  return journal;
}
// 10 rows in view (the tenth in part) and those drawn beyond them: every further row
// would be rendered again on each change of the page, in React's development build.
giveElementsASize(1200, 400);
const rowsDrawn = 10 + rowsDrawnBeyondView;
// Each test drives the whole page with a user's clicks and typing.
vi.setConfig({ testTimeout: 90_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  fields = initialFields;
  searches = [];
  searchesHeld = undefined;
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const body = (await request.json()) as SearchRequest;
      searches.push(body);
      await searchesHeld?.hold();
      return HttpResponse.json(answerSearch(body));
    }),
    // An instance that names nothing: the table shows ids.
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

function table() {
  return screen.getByRole('table', { name: 'Calculated fields' });
}

/**
 * The table found by its label, for checks that `waitFor` repeats after every change
 * to the page: a role query looks at every element of a 1,300-element page, and computes
 * styles for the ones it matches, which made each test take seconds of CPU.
 */
function tableElement() {
  const found = document.querySelector<HTMLElement>('table[aria-label="Calculated fields"]');
  if (!found) throw new Error('No table labelled "Calculated fields" is shown');
  return found;
}

/** The row of the field named so, found by its name's text (see `tableElement`). */
function rowOf(name: string) {
  return screen.getByText(name, { exact: true }).closest('tr')!;
}

/** The bar that moves while a search is out: hidden, in its place, the rest of the time. */
function loadingBarShown() {
  const bar = document.querySelector('[role="progressbar"][aria-label="Loading"]');
  if (!bar) throw new Error('No loading bar is on the page');
  return bar.getAttribute('aria-hidden') !== 'true';
}

/** The pager below the table: it follows the rows, in a render of its own. */
function pager() {
  return screen.findByRole('navigation', { name: 'Pages' });
}

/**
 * The names of the rows the table shows, in order: the name cell of each body row
 * except the spacers, which are hidden from assistive technology. Read from the
 * table's own rows and cells rather than by role (see `tableElement`).
 */
function shownNames() {
  const rows = tableElement().querySelectorAll<HTMLTableRowElement>('tbody tr:not([aria-hidden])');
  return [...rows].map((row) => row.cells[1]?.textContent ?? '');
}

async function rowsShown() {
  await waitFor(() => expect(tableElement()).toHaveAttribute('aria-busy', 'false'));
  // Once the rows are in, the table is also what assistive technology finds by role.
  expect(table()).toBe(tableElement());
}

test('an address opens the view it names: the search sent, its rows and its controls', async () => {
  renderPage('/fields?q=Field&sort=-created&page=2&size=25&locked=false');
  await rowsShown();

  expect(searches.at(-1)).toEqual({
    filters: [{ field: 'notlocked' }, { field: 'notvariable' }],
    sort: { field: 'created', ascending: false },
    limit: 25,
    offset: 25,
    name: 'Field',
  });
  // 39 unlocked fields that are not variables, newest first: the second page starts at 20.
  expect(shownNames()).toHaveLength(14);
  expect(shownNames()[0]).toBe('Field 20');
  expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('Field');
  expect(within(table()).getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const chips = screen.getByRole('group', { name: 'Active filters' });
  expect(within(chips).getByRole('button', { name: 'Remove filter: Unlocked' })).toBeVisible();
  // Find and replace acts on every match of the view's filters and search, not its page.
  expect(
    await screen.findByRole('link', { name: 'Find and replace in the 39 matching fields' }),
  ).toHaveAttribute('href', '/fix?workflow=replace&q=Field&locked=false');
});

test('the search the app sends as it starts is the address’s view, and the page draws it without asking again', async () => {
  const address = 'q=Field&sort=-created&page=2&size=25&locked=false';
  const client = appQueryClient();
  prefetchFieldsPage(client, { pathname: '/fields', search: `?${address}` });
  await waitFor(() => expect(searches).toHaveLength(1));
  renderWithProviders(<FieldsPage />, {
    url: `/fields?${address}`,
    path: '/fields',
    childRoutes: [{ path: ':id' }],
    client,
  });
  await rowsShown();

  expect(searches).toEqual([
    {
      filters: [{ field: 'notlocked' }, { field: 'notvariable' }],
      sort: { field: 'created', ascending: false },
      limit: 25,
      offset: 25,
      name: 'Field',
    },
  ]);
  expect(shownNames()[0]).toBe('Field 20');
});

test('without a session the app sends no search as it starts: the page sends to sign-in', () => {
  endSession();
  const client = appQueryClient();
  prefetchFieldsPage(client, { pathname: '/fields', search: '' });
  // A query asked for is in the cache at once, before its answer.
  expect(client.getQueryCache().getAll()).toEqual([]);
});

test('the app sends no search as it starts on another page', () => {
  const client = appQueryClient();
  prefetchFieldsPage(client, { pathname: '/audit', search: '?q=Field' });
  prefetchFieldsPage(client, { pathname: '/fieldsets', search: '' });
  expect(client.getQueryCache().getAll()).toEqual([]);
});

test('the search the app sends as it starts is dropped with the token it was sent under', async () => {
  searchesHeld = heldAnswer();
  const client = appQueryClient();
  prefetchFieldsPage(client, { pathname: '/fields', search: '' });
  await waitFor(() => expect(searches).toHaveLength(1));
  startSession('another-token', false);
  searchesHeld.release();
  // Neither the answer nor the query it was sent for stays in the cache.
  await waitFor(() => expect(client.getQueryCache().getAll()).toEqual([]));
});

test('an address past the last page says so', async () => {
  renderPage('/fields?page=9&locked=true');
  const noResults = await screen.findByRole('region', { name: 'No results' });
  expect(noResults).toHaveTextContent('Page 9 is past the end');
});

test('a filter from the menu is sent, kept in the address, shown as a chip, and starts at page 1', async () => {
  const { user } = renderPage('/fields?page=2');
  await rowsShown();
  expect(searches.at(-1)?.offset).toBe(50);

  await user.click(screen.getByRole('button', { name: 'Filters' }));
  const lock = await screen.findByRole('radiogroup', { name: 'Lock' });
  await user.click(within(lock).getByText('Locked', { exact: true }));

  await waitFor(() => expect(currentUrl()).toBe('/fields?locked=true'));
  await waitFor(() =>
    expect(searches.at(-1)).toMatchObject({
      filters: [{ field: 'locked' }, { field: 'notvariable' }],
      offset: 0,
    }),
  );
  await user.keyboard('{Escape}');
  const chips = screen.getByRole('group', { name: 'Active filters' });
  // 19 fields are locked: more than are drawn.
  await waitFor(() => expect(shownNames()).toHaveLength(rowsDrawn));
  expect(shownNames().every((name) => Number(name.slice(-2)) % 3 === 0)).toBe(true);

  await user.click(within(chips).getByRole('button', { name: 'Remove filter: Locked' }));
  await waitFor(() => expect(currentUrl()).toBe('/fields'));
  await waitFor(() => expect(searches.at(-1)?.filters).toEqual([{ field: 'notvariable' }]));
});

test('a header click sorts, the address keeps it, and Back returns to the order before', async () => {
  const { user, router } = renderPage('/fields');
  await rowsShown();
  expect(shownNames()[0]).toBe('Field 01');

  const nameHeader = within(table()).getByRole('columnheader', { name: /Name/ });
  await user.click(within(nameHeader).getByRole('button'));

  await waitFor(() => expect(currentUrl()).toBe('/fields?sort=-name'));
  await waitFor(() => expect(shownNames()[0]).toBe('Field 58'));
  expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(searches.at(-1)?.sort).toEqual({ field: 'name', ascending: false });

  await router.navigate(-1);
  await waitFor(() => expect(currentUrl()).toBe('/fields'));
  await waitFor(() => expect(shownNames()[0]).toBe('Field 01'));
  expect(within(table()).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

test('a selection outlives a change of page, and says how much of it the page does not show', async () => {
  const { user } = renderPage('/fields?size=25');
  await rowsShown();
  const selectionStatus = within(screen.getByRole('group', { name: 'Selected fields' })).getByRole(
    'status',
  );
  const selectBox = (name: string) =>
    within(rowOf(name)).getByRole('checkbox', { name: `Select ${name}` });

  const findAndReplace = () => screen.queryByRole('link', { name: /^Find and replace in/ });
  await waitFor(() => expect(findAndReplace()).toBeVisible());
  await user.click(selectBox('Field 02'));
  await user.click(selectBox('Field 05'));
  expect(selectionStatus).toHaveTextContent(/^2 selected$/);
  // The selection's actions take the toolbar; find and replace acts on the view, not on them.
  expect(findAndReplace()).toBeNull();

  await user.click(within(await pager()).getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(shownNames()[0]).toBe('Field 26'));
  // The pager is memoized: it must still follow the page it is given.
  await waitFor(async () =>
    expect(within(await pager()).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    ),
  );
  expect(selectionStatus).toHaveTextContent('2 selected (2 not on this page)');
  await user.click(selectBox('Field 30'));
  expect(selectionStatus).toHaveTextContent('3 selected (2 not on this page)');

  await user.click(within(await pager()).getByRole('button', { name: 'Page 1' }));
  await waitFor(() => expect(shownNames()[0]).toBe('Field 01'));
  expect(selectBox('Field 02')).toBeChecked();
  expect(selectBox('Field 05')).toBeChecked();
  expect(selectBox('Field 03')).not.toBeChecked();
  expect(selectionStatus).toHaveTextContent('3 selected (1 not on this page)');
});

test('a lock switch moves before the server answers, and moves back when the server refuses', async () => {
  const accepted = heldAnswer();
  const refused = heldAnswer();
  answerLocks({ refusalOf: (id) => (id === 2 ? notYours : undefined) });
  server.use(heldChangeSets(accepted, 1), heldChangeSets(refused, 2));
  const { user, client } = renderPage('/fields');
  await rowsShown();
  // The row is found by its name's text: a role query over every row, run by each
  // `waitFor` check, cost seconds of CPU.
  const lockSwitch = (name: string) => within(rowOf(name)).getByRole('switch');

  await user.click(lockSwitch('Field 01'));
  await accepted.received;
  await waitFor(() => expect(lockSwitch('Field 01')).toBeChecked());
  accepted.release();

  await waitFor(() => expect(client.isMutating()).toBe(0));

  await user.click(lockSwitch('Field 02'));
  await refused.received;
  await waitFor(() => expect(lockSwitch('Field 02')).toBeChecked());
  // Any refresh after the refusal waits, so only the rollback can move the switch back.
  searchesHeld = heldAnswer();
  refused.release();
  await waitFor(() => expect(lockSwitch('Field 02')).not.toBeChecked());
  // The refusal is said in a notification (findBy fails the test when it never shows).
  await screen.findByText(/“Field 02” is still unlocked/);
  searchesHeld.release();
  await rowsShown();
  expect(lockSwitch('Field 01')).toBeChecked();
});

test('the keyboard reaches the page’s own table and search box: j moves, l locks, z undoes, / searches', async () => {
  const journal = answerLocks();
  const sent = () =>
    journal.requests.map(({ kind, items }) => ({ kind, ids: items.map((item) => item.id) }));
  const { user } = renderPage('/fields');
  await rowsShown();

  await user.keyboard('j');
  expect(document.activeElement?.closest('tr')).toBe(rowOf('Field 01'));
  await user.keyboard('j');
  expect(document.activeElement?.closest('tr')).toBe(rowOf('Field 02'));
  await user.keyboard('l');
  await waitFor(() => expect(sent()).toEqual([{ kind: 'lock', ids: [2] }]));
  await user.keyboard('z');
  await waitFor(() => expect(sent().at(-1)).toEqual({ kind: 'unlock', ids: [2] }));

  await user.keyboard('/');
  expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search by name' }));
});

test('opening a row keeps the table’s address, so closing the drawer returns to the same view', async () => {
  const { user } = renderPage('/fields?sort=-created&size=25');
  await rowsShown();

  await user.click(within(rowOf('Field 58')).getByRole('link', { name: 'Field 58' }));

  await waitFor(() => expect(currentUrl()).toBe('/fields/58?sort=-created&size=25'));
  expect(searches.at(-1)).toMatchObject({ sort: { field: 'created', ascending: false } });
});

test('a new page size sends its search before the page draws the new size, and only once', async () => {
  const { user } = renderPage('/fields');
  await rowsShown();
  expect(document.querySelector('[aria-label="Page 3"]')).toBeNull();
  // Whether the page had drawn 25 rows a page (3 pages) when the search went out.
  const drawnWhenSent: boolean[] = [];
  const send = window.fetch;
  vi.spyOn(window, 'fetch').mockImplementation((...args) => {
    drawnWhenSent.push(document.querySelector('[aria-label="Page 3"]') !== null);
    return send(...args);
  });

  await user.selectOptions(
    within(await pager()).getByRole('combobox', { name: 'Rows per page' }),
    '25',
  );
  await waitFor(() => expect(shownNames()).toContain(`Field ${rowsDrawn}`));
  await rowsShown();

  expect(searches.filter((search) => search.limit === 25)).toHaveLength(1);
  expect(drawnWhenSent[0]).toBe(false);
});

test('the Refresh button spins while the view refreshes, not while a typed search loads; the loading bar shows for both', async () => {
  const { user } = renderPage('/fields');
  await rowsShown();
  expect(loadingBarShown()).toBe(false);
  const refresh = screen.getByRole('button', { name: 'Refresh' });

  searchesHeld = heldAnswer();
  await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Field 1');
  await searchesHeld.received;
  // The previous rows are shown, marked busy, while the new search loads.
  await waitFor(() => expect(tableElement()).toHaveAttribute('aria-busy', 'true'));
  expect(refresh).not.toHaveAttribute('data-loading');
  expect(loadingBarShown()).toBe(true);
  searchesHeld.release();
  await waitFor(() => expect(shownNames()[0]).toBe('Field 10'));
  await rowsShown();
  expect(loadingBarShown()).toBe(false);

  searchesHeld = heldAnswer();
  await user.click(refresh);
  await searchesHeld.received;
  await waitFor(() => expect(refresh).toHaveAttribute('data-loading'));
  expect(loadingBarShown()).toBe(true);
  searchesHeld.release();
  await waitFor(() => expect(refresh).not.toHaveAttribute('data-loading'));
  expect(loadingBarShown()).toBe(false);
});

test('a sort a proxy cannot answer before its first scan says why, and offers the name sort', async () => {
  const message =
    "the sort by id can be answered once this server's first scan of the instance has completed";
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      const body = (await request.json()) as SearchRequest;
      searches.push(body);
      if (body.sort.field === 'name') return HttpResponse.json(answerSearch(body));
      return HttpResponse.json(
        { status: 409, statusReason: 'Conflict', message, path: apiPaths.search },
        { status: 409 },
      );
    }),
  );
  const { user } = renderPage('/fields?sort=id');

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/The sort by id can be answered once .* first scan/);
  expect(screen.queryByText(/Changed rows stay in place/)).toBeNull();
  await user.click(within(alert).getByRole('button', { name: 'Sort by name' }));

  await rowsShown();
  expect(shownNames()[0]).toBe('Field 01');
  expect(searches.at(-1)?.sort).toEqual({ field: 'name', ascending: true });
  // The address takes the view once the frame with its rows is painted.
  await waitFor(() => expect(currentUrl()).toBe('/fields'));
});

test('a finding without fields says so in the audit’s words, with no filter to relax', async () => {
  server.use(
    http.post(`${AUDIT_BASE}/findings/near-duplicates/fields`, () =>
      HttpResponse.json({ totalHits: 0, results: [], hasMore: false, degraded: false, notes: {} }),
    ),
  );
  renderPage('/fields?variables=shown&finding=near-duplicates');
  const noResults = await screen.findByRole('region', { name: 'No results' });
  expect(within(noResults).getByText('No field found: Near duplicates.')).toBeInTheDocument();
  expect(noResults).toHaveTextContent('The latest scan lists no field under this finding.');
  expect(within(noResults).queryByRole('button')).toBeNull();
});

test('nothing matching offers to relax what narrows the search, never to hide variables again', async () => {
  renderPage('/fields?variables=shown&q=nothing-is-called-this');
  const noResults = await screen.findByRole('region', { name: 'No results' });
  expect(noResults).toHaveTextContent('Relax the search or one of the filters');
  expect(within(noResults).getByText('Name contains “nothing-is-called-this”')).toBeInTheDocument();
  expect(within(noResults).queryByText('Variables shown')).toBeNull();
});
