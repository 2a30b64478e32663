import { describe, expect, test } from 'vitest';
import { defaultTableView } from './table-address';
import type { TableView } from './table-address';
import { toSearchFilters, toSearchRequest } from './table-search';

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

describe('the search request of a view', () => {
  test('hides variables unless asked, and pages with offset', () => {
    expect(toSearchRequest({ ...defaultTableView, page: 3, pageSize: 25 })).toEqual({
      filters: [{ field: 'notvariable' }],
      sort: { field: 'name', ascending: true },
      limit: 25,
      offset: 50,
      name: '',
    });
  });

  test('asks for the sort and the name of the view', () => {
    expect(toSearchRequest(everything)).toMatchObject({
      sort: { field: 'lastModified', ascending: false },
      limit: 500,
      offset: 1000,
      name: 'revenue %_',
    });
  });

  test('maps each filter to the API filter auditors need', () => {
    expect(toSearchRequest(everything).filters).toEqual([
      { field: 'notlocked' },
      { field: 'archived' },
      { field: 'invalid' },
      { field: 'invalidlink' },
      { field: 'notondataset' },
      { field: 'invisualization' },
      { field: 'notactive' },
      { field: 'aggregated' },
      { field: 'notglobal' },
      { field: 'hidden' },
      { field: 'nested' },
      { field: 'owner', idList: [12, 34] },
      { field: 'dataset', idList: ['9081728f-a635-4547-9648-30f070a606c2'] },
      { field: 'card', idList: ['dr:1:2', 'dr:3:4'] },
      { field: 'status', idList: ['VALID'] },
      { field: 'function', idList: ['SUM', 'SERVICE_OP_DIVIDE'] },
    ]);
    expect(toSearchFilters({ ...defaultTableView, locked: true })).toEqual([
      { field: 'locked' },
      { field: 'notvariable' },
    ]);
  });

  test.each([
    [{ onDataSource: true }, [{ field: 'ondataset' }]],
    [{ onDataSource: false }, [{ field: 'notondataset' }]],
    [{ inVisualization: true }, [{ field: 'invisualization' }]],
    [{ inVisualization: false }, [{ field: 'notinvisualization' }]],
    [{ statuses: ['VALID'] }, [{ field: 'status', idList: ['VALID'] }]],
    [{ active: true }, [{ field: 'active' }]],
    [{ active: false }, [{ field: 'notactive' }]],
    [{ global: true }, [{ field: 'global' }]],
    [{ hidden: false }, [{ field: 'nothidden' }]],
    [{ aggregated: false }, [{ field: 'notaggregated' }]],
    [{ nested: false }, [{ field: 'notnested' }]],
    [{ cards: [] }, []],
    [{ functions: ['SUM'] }, [{ field: 'function', idList: ['SUM'] }]],
  ])('%o asks the API for %o', (part, apiFilters) => {
    expect(toSearchFilters({ ...defaultTableView, showVariables: true, ...part })).toEqual(
      apiFilters,
    );
  });
});
