import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import type { DirectoryResponse } from '../../../contract/directory';
import type { Link } from '../../../contract/field';
import { apiPaths } from '../../../contract/paths';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
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
  searchItem(1, { owner: 101, links: [link('DATA_SOURCE', SALES), link('CARD', 'dr:1:1')] }),
  searchItem(2, { owner: 102, links: [link('CARD', 'dr:1:1')] }),
  searchItem(3, { owner: 101, links: [] }),
];

const server = setupMockApi();
giveElementsASize();
vi.setConfig({ testTimeout: 60_000 });

/** Each directory request's query string. */
let lookups: string[] = [];

beforeEach(() => {
  startSession('token-for-tests', false);
  lookups = [];
});

function directoryAnswers(answer: (query: URLSearchParams) => Response) {
  server.use(
    http.get(apiPaths.directory, ({ request }) => {
      const query = new URL(request.url).searchParams;
      lookups.push(query.toString());
      return answer(query);
    }),
  );
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

test('owners, data sources and cards are named, asked for once for the whole page', async () => {
  directoryAnswers(() => {
    const answer: DirectoryResponse = {
      owners: [{ id: 101, name: 'Ada Lovelace' }],
      dataSources: [{ id: SALES, name: 'Sales Orders', columns: [] }],
      cards: [{ id: 'dr:1:1', title: 'Revenue by Region', dataSourceId: SALES }],
      totalHits: 3,
      hasMore: false,
    };
    return HttpResponse.json(answer);
  });
  const { user } = renderTable();

  expect(await within(row(1)).findByText('Ada Lovelace')).toBeInTheDocument();
  expect(within(row(1)).getByText('Sales Orders')).toBeInTheDocument();
  expect(within(row(1)).getByText(/more links: 1 source · 1 card/)).toBeInTheDocument();
  expect(within(row(2)).getByText('Revenue by Region')).toBeInTheDocument();
  // An owner the directory does not know keeps its id.
  expect(within(row(2)).getByText('102')).toBeInTheDocument();
  expect(within(row(3)).getByText('None')).toBeInTheDocument();
  expect(lookups).toEqual([`owners=101%2C102&dataSources=${SALES}&cards=dr%3A1%3A1`]);

  await user.hover(within(row(1)).getByText('Ada Lovelace'));
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Owner id 101');
  expect(within(row(1)).getByRole('button', { name: 'Copy the owner id 101' })).toBeInTheDocument();
  expect(
    within(row(1)).getByRole('button', { name: `Copy the data source id ${SALES}` }),
  ).toBeInTheDocument();
});

test.each([404, 405])(
  'without the directory (%i), ids as before, asked for once',
  async (status) => {
    directoryAnswers(() => new HttpResponse(null, { status }));
    renderTable();

    await waitFor(() => expect(lookups).toHaveLength(1));
    expect(within(row(1)).getByText('101')).toBeInTheDocument();
    expect(within(row(1)).getByText(SALES)).toBeInTheDocument();
    expect(within(row(2)).getByText('dr:1:1')).toBeInTheDocument();
    expect(
      within(row(2)).getByRole('button', { name: 'Copy the card id dr:1:1' }),
    ).toBeInTheDocument();
  },
);

test('a name opens its field through the router, keeping the table’s address', async () => {
  directoryAnswers(() => HttpResponse.json({ error: 'not here' }, { status: 404 }));
  const { user, router } = renderWithProviders(<Table />, {
    url: '/fields?name=field',
    childRoutes: [{ path: ':id', element: null }],
  });
  await user.click(screen.getByRole('link', { name: 'Field 2' }));
  const routerAddress = () => `${router.state.location.pathname}${router.state.location.search}`;
  await waitFor(() => expect(routerAddress()).toBe('/fields/2?name=field'));
});
