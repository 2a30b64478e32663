import { describe, expect, test } from 'vitest';
import { defaultTableView, noFilters, readTableView } from './table-address';
import type { TableView } from './table-address';
import { fieldsTableLink } from './table-link';

const everything: TableView = {
  name: 'revenue %_',
  sort: { column: 'lastModified', descending: true },
  page: 3,
  pageSize: 500,
  locked: false,
  archived: true,
  invalidOnly: true,
  brokenLinksOnly: true,
  showVariables: true,
  onDataSource: false,
  inVisualization: true,
  active: false,
  aggregated: true,
  global: false,
  hidden: true,
  nested: true,
  owners: [12, 34],
  dataSources: ['9081728f-a635-4547-9648-30f070a606c2'],
  cards: ['dr:1:2', 'dr:3:4'],
  statuses: ['VALID'],
  functions: ['SUM', 'SERVICE_OP_DIVIDE'],
};

/** The view a link opens. */
function viewOf(link: string): TableView {
  const url = new URL(link, 'http://localhost');
  expect(url.pathname).toBe('/fields');
  return readTableView(url.searchParams);
}

describe('the table’s address', () => {
  test('every part of the view survives a round trip through a link', () => {
    expect(viewOf(fieldsTableLink(everything))).toEqual(everything);
  });

  test('the default view is the bare address', () => {
    expect(fieldsTableLink(defaultTableView)).toBe('/fields');
    expect(fieldsTableLink({})).toBe('/fields');
    expect(fieldsTableLink({ sort: { column: 'name', descending: false }, owners: [] })).toBe(
      '/fields',
    );
    expect(defaultTableView).toEqual({
      name: '',
      sort: { column: 'name', descending: false },
      page: 1,
      pageSize: 50,
      ...noFilters,
    });
  });

  test('addresses saved before keep their meaning', () => {
    expect(
      readTableView(
        new URLSearchParams(
          'q=count&sort=-lastModified&page=2&size=25&locked=true&archived=false&invalid=true' +
            '&brokenLinks=true&variables=shown&onDataSource=false&inVisualization=true' +
            '&owner=7&owner=8&dataSource=ds-1&status=VALID&status=INVALID',
        ),
      ),
    ).toEqual({
      ...noFilters,
      name: 'count',
      sort: { column: 'lastModified', descending: true },
      page: 2,
      pageSize: 25,
      locked: true,
      archived: false,
      invalidOnly: true,
      brokenLinksOnly: true,
      showVariables: true,
      onDataSource: false,
      inVisualization: true,
      owners: [7, 8],
      dataSources: ['ds-1'],
      statuses: ['VALID', 'INVALID'],
    });
  });

  test('values a person may have typed wrong fall back to the defaults', () => {
    const view = readTableView(
      new URLSearchParams(
        'sort=-archived&page=0&size=42&locked=maybe&owner=abc&owner=7&invalid=yes&variables=true',
      ),
    );
    expect(view.sort).toEqual(defaultTableView.sort);
    expect(view.page).toBe(1);
    expect(view.pageSize).toBe(defaultTableView.pageSize);
    expect(view.locked).toBeNull();
    expect(view.owners).toEqual([7]);
    expect(view.invalidOnly).toBe(false);
    expect(view.showVariables).toBe(false);
  });

  test.each(['page=1.5', 'page=-2', 'page=abc', 'page=', 'size=50.0', 'size=', 'sort=', 'sort=-'])(
    '%s falls back to the default',
    (search) => {
      expect(readTableView(new URLSearchParams(search))).toEqual(defaultTableView);
    },
  );

  test('function names read in any case, and what cannot be a function name is left out', () => {
    const view = readTableView(
      new URLSearchParams(
        'function=sum&function=%20Datediff%20&function=a%20b&function=&function=1X',
      ),
    );
    expect(view.functions).toEqual(['SUM', 'DATEDIFF']);
  });

  test('a value that is neither true nor false means either, and empty lists mean none', () => {
    const view = readTableView(
      new URLSearchParams('onDataSource=yes&inVisualization=&status=&dataSource='),
    );
    expect(view).toEqual(defaultTableView);
  });

  test.each([
    [{ onDataSource: true }, 'onDataSource=true'],
    [{ onDataSource: false }, 'onDataSource=false'],
    [{ inVisualization: true }, 'inVisualization=true'],
    [{ inVisualization: false }, 'inVisualization=false'],
    [{ statuses: ['VALID'] }, 'status=VALID'],
    [{ owners: [1, 2] }, 'owner=1&owner=2'],
    [{ active: false }, 'active=false'],
    [{ nested: true, hidden: false }, 'hidden=false&nested=true'],
    [{ cards: ['dr:1:2'] }, 'card=dr:1:2'],
    [{ functions: ['SUM', 'SERVICE_OP_ADD'] }, 'function=SUM&function=SERVICE_OP_ADD'],
  ])('%o is %s in a link', (part, search) => {
    expect(fieldsTableLink({ showVariables: true, ...part })).toBe(
      `/fields?variables=shown&${search}`,
    );
  });
});
