import { readerMe } from '../../../api/test-support/mock-journal';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { nameHandlers } from '../../../api/test-support/mock-names';
import { useLocation, useNavigate } from 'react-router-dom';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { AUDIT_BASE } from '../../../contract/audit';
import { apiPaths } from '../../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../../contract/search';
import { giveElementsASize } from '../../../test-support/element-size';
import { currentUrl, renderWithProviders } from '../../../test-support/render-with-providers';
import { FieldsPage } from '../FieldsPage';
import { savedViewsStorageKey } from './saved-views-storage';
import { SavedViewsMenu } from './SavedViewsMenu';
import { viewAddress } from './view-address';
import { tableLayoutStorageKey } from '../table/layout/table-layout';
import { useTableLayout } from '../table/layout/use-table-layout';

/** Each search the page sent, in order, with where it went. */
let searches: Array<{ path: string; body: SearchRequest }> = [];

function answer(): SearchResponse {
  const results = [searchItem(1, { name: 'Revenue' }), searchItem(2, { name: 'Margin' })];
  return { totalHits: 2, results, hasMore: false, degraded: false };
}

const server = setupMockApi(readerMe);
giveElementsASize();
vi.setConfig({ testTimeout: 90_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  localStorage.clear();
  searches = [];
  server.use(
    http.post(apiPaths.search, async ({ request }) => {
      searches.push({ path: apiPaths.search, body: (await request.json()) as SearchRequest });
      return HttpResponse.json(answer());
    }),
    http.post(`${AUDIT_BASE}/findings/:key/fields`, async ({ request }) => {
      const path = new URL(request.url).pathname;
      searches.push({ path, body: (await request.json()) as SearchRequest });
      return HttpResponse.json({ ...answer(), notes: {} });
    }),
    // An instance that names nothing: the table shows ids.
    ...nameHandlers('missing'),
  );
});

/** The menu alone, at an address it reads and changes, for what needs no table. */
function ViewsMenuAtAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const layout = useTableLayout();
  return (
    <SavedViewsMenu
      address={viewAddress(location.search)}
      onOpen={(to) => navigate(to)}
      layout={layout}
    />
  );
}

function renderMenu(url: string) {
  return renderWithProviders(<ViewsMenuAtAddress />, { url, path: '/fields' });
}

function renderPage(url: string) {
  return renderWithProviders(<FieldsPage />, {
    url,
    path: '/fields',
    childRoutes: [{ path: ':id' }],
  });
}

const lastSearch = () => searches.at(-1)!;
const filterNames = () => lastSearch().body.filters.map((filter) => filter.field);

async function openViewsMenu(user: ReturnType<typeof renderMenu>['user']) {
  await user.click(screen.getByRole('button', { name: /^Views/ }));
  return screen.findByRole('menu');
}

/**
 * Waits for the table, looked for by its label: a role query, repeated after every
 * change to the page, looks at every element and computes the styles of those it
 * matches. Then finds it by role once.
 */
async function tableShown() {
  await waitFor(() =>
    expect(document.querySelector('table[aria-label="Calculated fields"]')).not.toBeNull(),
  );
  return screen.getByRole('table', { name: 'Calculated fields' });
}

/** Waits for `dialog` to close; then no dialog is left on the page (one role query, not repeated). */
async function closed(dialog: HTMLElement) {
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

function storedViews(): unknown {
  return JSON.parse(localStorage.getItem(savedViewsStorageKey) ?? 'null');
}

test('saves the view on screen (address, columns, density) under a name, shown as text, and opens it again', async () => {
  localStorage.setItem(
    tableLayoutStorageKey,
    JSON.stringify({ columns: { created: false }, sizes: {}, density: 'compact' }),
  );
  const { user } = renderPage('/fields?locked=false&sort=-created&size=25&page=2&q=rev');
  await tableShown();

  const menu = await openViewsMenu(user);
  await user.click(within(menu).getByRole('menuitem', { name: 'Save this view…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
  await user.type(within(dialog).getByLabelText(/Name/), '<b>Mine</b>');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await closed(dialog);

  // The page is not part of a view: it opens at the first page.
  expect(storedViews()).toEqual({
    version: 1,
    views: [
      {
        name: '<b>Mine</b>',
        address: '/fields?q=rev&sort=-created&size=25&locked=false',
        layout: {
          columns: { created: false, problems: false, id: false, usage: false },
          density: 'compact',
        },
      },
    ],
  });
  expect(screen.getByRole('button', { name: 'Views (showing <b>Mine</b>)' })).toHaveTextContent(
    '<b>Mine</b>',
  );
  expect(document.querySelector('b')).toBeNull();

  // Elsewhere, then back through the menu.
  await user.click(within(await openViewsMenu(user)).getByRole('menuitem', { name: /^Invalid/ }));
  await waitFor(() => expect(currentUrl()).toBe('/fields?invalid=true'));
  await waitFor(() => expect(filterNames()).toContain('invalid'));

  await user.click(
    within(await openViewsMenu(user)).getByRole('menuitem', { name: '<b>Mine</b>' }),
  );
  await waitFor(() =>
    expect(currentUrl()).toBe('/fields?q=rev&sort=-created&size=25&locked=false'),
  );
  await waitFor(() =>
    expect(lastSearch().body).toMatchObject({
      name: 'rev',
      sort: { field: 'created', ascending: false },
      limit: 25,
      offset: 0,
    }),
  );
  expect(filterNames()).toEqual(['notlocked', 'notvariable']);
});

test('each built-in view sends the search it names; "Unused" and "Hidden characters in names" list the audit’s findings', async () => {
  const { user } = renderPage('/fields');
  await tableShown();
  const expected: Array<[string, string, string[], string]> = [
    ['Invalid', '/fields?invalid=true', ['invalid', 'notvariable'], apiPaths.search],
    ['Broken links', '/fields?brokenLinks=true', ['invalidlink', 'notvariable'], apiPaths.search],
    [
      'Unlocked on cards',
      '/fields?locked=false&onDataSource=false',
      ['notlocked', 'notvariable', 'notondataset'],
      apiPaths.search,
    ],
    // The audit's findings, with variables shown as the audit's own links show them: the
    // view counts what the audit page counts.
    [
      'Unused',
      '/fields?variables=shown&finding=unused',
      [],
      `${AUDIT_BASE}/findings/unused/fields`,
    ],
    [
      'Hidden characters in names',
      '/fields?variables=shown&finding=hidden-name-characters',
      [],
      `${AUDIT_BASE}/findings/hidden-name-characters/fields`,
    ],
  ];
  for (const [name, address, filters, path] of expected) {
    const menu = await openViewsMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: new RegExp(`^${name}`) }));
    await waitFor(() => expect(currentUrl()).toBe(address));
    await waitFor(() => expect(lastSearch().path).toBe(path));
    expect(filterNames()).toEqual(filters);
    expect(screen.getByRole('button', { name: `Views (showing ${name})` })).toBeInTheDocument();
  }
  expect(
    within(await openViewsMenu(user)).getByText(
      'Not archived, no active card link, and no other calculated field references it.',
    ),
  ).toBeInTheDocument();
});

test('a stored value it cannot read is left out without an error', async () => {
  const good = { name: 'Mine', address: '/fields?locked=true' };
  for (const stored of [
    'not json',
    JSON.stringify({ version: 2, views: [good] }),
    JSON.stringify([good]),
    JSON.stringify({ version: 1, views: 'none' }),
  ]) {
    localStorage.setItem(savedViewsStorageKey, stored);
    const { user, unmount } = renderMenu('/fields');
    const menu = await openViewsMenu(user);
    expect(within(menu).getByText('None yet')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    unmount();
  }

  localStorage.setItem(
    savedViewsStorageKey,
    JSON.stringify({
      version: 1,
      views: [
        good,
        { name: 'Elsewhere', address: 'https://example.com/fields?locked=true' },
        { name: 'Script', address: 'javascript:alert(1)' },
        { name: '', address: '/fields' },
        { name: 'x'.repeat(81), address: '/fields' },
        { name: 42, address: '/fields' },
        { name: 'mine', address: '/fields?invalid=true' },
        {
          name: 'Odd keys',
          address: '/fields?size=7&colour=red&archived=true',
          layout: { columns: { owner: 'no', created: false, name: false }, density: 'huge' },
        },
      ],
    }),
  );
  const { user } = renderMenu('/fields');
  const menu = await openViewsMenu(user);
  const saved = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  expect(saved).toEqual(expect.arrayContaining(['Mine', 'Odd keys']));
  expect(saved.filter((text) => /Elsewhere|Script|mine$|x{81}/.test(text ?? ''))).toEqual([]);
  await user.click(within(menu).getByRole('menuitem', { name: 'Odd keys' }));
  // What the table does not read is dropped, and the layout is read as the table reads its own.
  await waitFor(() => expect(currentUrl()).toBe('/fields?archived=true'));
  expect(JSON.parse(localStorage.getItem(tableLayoutStorageKey)!)).toEqual({
    columns: { created: false, problems: false, id: false, usage: false },
    sizes: {},
    density: 'comfortable',
  });
});

test('renames, replaces and deletes saved views, and refuses names it cannot take', async () => {
  localStorage.setItem(
    savedViewsStorageKey,
    JSON.stringify({
      version: 1,
      views: [
        { name: 'Locked', address: '/fields?locked=true' },
        { name: 'Archived', address: '/fields?archived=true' },
      ],
    }),
  );
  const { user } = renderMenu('/fields?invalid=true');

  // Saving under a taken name asks first, then replaces.
  await user.click(within(await openViewsMenu(user)).getByRole('menuitem', { name: /^Save this/ }));
  let dialog = await screen.findByRole('dialog', { name: 'Save this view' });
  await user.type(within(dialog).getByLabelText(/Name/), 'locked');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('“Locked” exists already')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
  await closed(dialog);
  expect(storedViews()).toMatchObject({
    views: [{ name: 'locked', address: '/fields?invalid=true' }, { name: 'Archived' }],
  });

  // A built-in view's name is refused.
  await user.click(within(await openViewsMenu(user)).getByRole('menuitem', { name: /^Save this/ }));
  dialog = await screen.findByRole('dialog', { name: 'Save this view' });
  await user.type(within(dialog).getByLabelText(/Name/), 'Unused{Enter}');
  expect(
    await within(dialog).findByText('“Unused” is a built-in view; choose another name.'),
  ).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await user.click(within(await openViewsMenu(user)).getByRole('menuitem', { name: /^Manage/ }));
  dialog = await screen.findByRole('dialog', { name: 'Saved views' });
  await user.click(within(dialog).getByRole('button', { name: 'Rename Archived' }));
  const nameInput = within(dialog).getByLabelText('New name for Archived');
  await user.clear(nameInput);
  await user.type(nameInput, 'locked{Enter}');
  expect(
    await within(dialog).findByText('A view named “locked” exists already.'),
  ).toBeInTheDocument();
  await user.clear(nameInput);
  await user.type(nameInput, 'Old fields{Enter}');
  await waitFor(() =>
    expect(storedViews()).toMatchObject({
      views: [{ name: 'locked' }, { name: 'Old fields', address: '/fields?archived=true' }],
    }),
  );

  await user.click(within(dialog).getByRole('button', { name: 'Delete locked' }));
  expect(storedViews()).toEqual({
    version: 1,
    views: [{ name: 'Old fields', address: '/fields?archived=true' }],
  });
  await user.click(
    within(dialog).getByRole('button', { name: 'Replace Old fields with the view on screen' }),
  );
  expect(storedViews()).toEqual({
    version: 1,
    views: [
      {
        name: 'Old fields',
        address: '/fields?invalid=true',
        layout: { columns: { problems: false, id: false, usage: false }, density: 'comfortable' },
      },
    ],
  });
  await user.click(within(dialog).getByRole('button', { name: 'Open Old fields' }));
  await closed(dialog);
});
