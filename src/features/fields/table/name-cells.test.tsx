import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import type { MockNames } from '../../../api/test-support/mock-names';
import { nameHandlers } from '../../../api/test-support/mock-names';
import { namePaths } from '../../../contract/names';
import type { Link } from '../../../contract/field';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { shownName } from '../../../test-support/shown-name';
import { TableOfFields } from './test-support/TableOfFields';
import { PageNamesProvider } from './page-names';

const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const link = (type: string, id: string): Link => ({
  resource: { type, id },
  visible: true,
  active: true,
  valid: 'VALID',
});
const fields = [
  // Its card is not shown (its data source is), so no one asks for that card's name.
  searchItem(1, { owner: 101, links: [link('DATA_SOURCE', SALES), link('CARD', 'dr:1:2')] }),
  searchItem(2, { owner: 102, links: [link('CARD', 'dr:1:1')] }),
  searchItem(3, { owner: 101, links: [] }),
];

const server = setupMockApi();
giveElementsASize();
vi.setConfig({ testTimeout: 60_000 });

/** Each name request's kind and ids. */
let lookups: string[] = [];

beforeEach(() => {
  startSession('token-for-tests', false);
  lookups = [];
});

function namesAnswer(names: MockNames | 'missing') {
  server.use(...nameHandlers(names, (kind, ids) => lookups.push(`${kind}: ${ids.join(',')}`)));
}

function Table() {
  return (
    <PageNamesProvider fields={fields}>
      <TableOfFields fields={fields} />
    </PageNamesProvider>
  );
}

function renderTable() {
  return renderWithProviders(<Table />, { url: '/fields' });
}

const row = (id: number) => screen.getByRole('link', { name: `Field ${id}` }).closest('tr')!;

test('owners, data sources and cards are named, those shown asked for once for the whole page', async () => {
  namesAnswer({
    owners: [{ id: 101, name: 'Ada Lovelace' }],
    dataSources: [{ id: SALES, name: 'Sales Orders' }],
    cards: [{ id: 'dr:1:1', title: 'Revenue by Region' }],
  });
  const { user } = renderTable();

  expect(await within(row(1)).findByText('Ada Lovelace')).toBeInTheDocument();
  expect(within(row(1)).getByText('Sales Orders')).toBeInTheDocument();
  expect(within(row(1)).getByText(/more links: 1 source · 1 card/)).toBeInTheDocument();
  expect(within(row(2)).getByText('Revenue by Region')).toBeInTheDocument();
  // An owner the instance does not name keeps its id.
  expect(within(row(2)).getByText('102')).toBeInTheDocument();
  expect(within(row(3)).getByText('None')).toBeInTheDocument();
  expect(lookups.sort()).toEqual(['cards: dr:1:1', `dataSources: ${SALES}`, 'users: 101,102']);

  await user.hover(within(row(1)).getByText('Ada Lovelace'));
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Owner id 101');
  expect(within(row(1)).getByRole('button', { name: 'Copy the owner id 101' })).toBeInTheDocument();
  expect(
    within(row(1)).getByRole('button', { name: `Copy the data source id ${SALES}` }),
  ).toBeInTheDocument();
});

test.each([404, 405])(
  'on an instance without the name endpoints (%i), ids, each kind asked for once',
  async (status) => {
    const asked: string[] = [];
    server.use(
      ...[namePaths.users, namePaths.cards, namePaths.dataSources].map((path) =>
        http.all(path, () => {
          asked.push(path);
          return new HttpResponse(null, { status });
        }),
      ),
    );
    renderTable();

    await waitFor(() => expect(asked).toHaveLength(3));
    expect(within(row(1)).getByText('101')).toBeInTheDocument();
    expect(within(row(1)).getByText(SALES)).toBeInTheDocument();
    expect(within(row(2)).getByText('dr:1:1')).toBeInTheDocument();
    expect(
      within(row(2)).getByRole('button', { name: 'Copy the card id dr:1:1' }),
    ).toBeInTheDocument();
  },
);

test('a name opens its field through the router, keeping the table’s address', async () => {
  namesAnswer('missing');
  const { user, router } = renderWithProviders(<Table />, {
    url: '/fields?name=field',
    childRoutes: [{ path: ':id', element: null }],
  });
  await user.click(screen.getByRole('link', { name: 'Field 2' }));
  const routerAddress = () => `${router.state.location.pathname}${router.state.location.search}`;
  await waitFor(() => expect(routerAddress()).toBe('/fields/2?name=field'));
});

test('a name with a direction override or a hidden character shows each as its code point, set apart', async () => {
  namesAnswer({ owners: [{ id: 101, name: 'Ada\u200BLovelace' }] });
  const tricky = [searchItem(1, { name: 'report\u202Egnp.exe', owner: 101, links: [] })];
  renderWithProviders(
    <PageNamesProvider fields={tricky}>
      <TableOfFields fields={tricky} />
    </PageNamesProvider>,
    { url: '/fields' },
  );

  const name = screen.getByRole('link', { name: shownName('report⟨U+202E⟩gnp.exe') });
  expect(name).toHaveAttribute('title', 'report⟨U+202E⟩gnp.exe');
  expect(name.firstElementChild?.tagName).toBe('BDI');
  expect(within(name).getByTitle('right-to-left override (U+202E)')).toHaveTextContent('⟨U+202E⟩');
  const row = name.closest('tr')!;
  expect(within(row).getByRole('switch')).toHaveAccessibleName('Lock report⟨U+202E⟩gnp.exe');
  expect(await within(row).findByTitle('zero-width space (U+200B)')).toBeInTheDocument();
  expect(row).toHaveTextContent('Ada⟨U+200B⟩Lovelace');
  expect(row.textContent).not.toMatch(/[\u202E\u200B]/);
});
