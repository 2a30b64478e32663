import { describe, expect, test } from 'vitest';
import { noFilters } from './field-filters';
import {
  defaultTableParams,
  readTableParams,
  toSearchRequest,
  writeTableParams,
} from './table-params';
import type { TableParams } from './table-params';

const everything: TableParams = {
  name: 'revenue %_',
  sort: { column: 'lastModified', descending: true },
  page: 3,
  pageSize: 500,
  filters: {
    locked: false,
    archived: true,
    invalidOnly: true,
    brokenLinksOnly: true,
    showVariables: true,
    onDataSource: false,
    inVisualization: true,
    owners: [12, 34],
    dataSources: ['9081728f-a635-4547-9648-30f070a606c2'],
    statuses: ['VALID'],
  },
};

describe('table params in the URL', () => {
  test('every part of the view survives a round trip through the URL', () => {
    const search = writeTableParams(everything);
    expect(readTableParams(new URLSearchParams(search.toString()))).toEqual(everything);
  });

  test('the default view is the bare address', () => {
    expect(writeTableParams(defaultTableParams).toString()).toBe('');
    expect(readTableParams(new URLSearchParams())).toEqual(defaultTableParams);
  });

  test('values a person may have typed wrong fall back to the defaults', () => {
    const params = readTableParams(
      new URLSearchParams('sort=-owner&page=0&size=42&locked=maybe&owner=abc&owner=7'),
    );
    expect(params.sort).toEqual(defaultTableParams.sort);
    expect(params.page).toBe(1);
    expect(params.pageSize).toBe(defaultTableParams.pageSize);
    expect(params.filters.locked).toBeUndefined();
    expect(params.filters.owners).toEqual([7]);
  });
});

describe('the search request of a view', () => {
  test('hides variables unless asked, and pages with offset', () => {
    expect(toSearchRequest({ ...defaultTableParams, page: 3, pageSize: 25 })).toEqual({
      filters: [{ field: 'notvariable' }],
      sort: { field: 'name', ascending: true },
      limit: 25,
      offset: 50,
      name: '',
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
      { field: 'owner', idList: [12, 34] },
      { field: 'dataset', idList: ['9081728f-a635-4547-9648-30f070a606c2'] },
      { field: 'status', idList: ['VALID'] },
    ]);
    expect(
      toSearchRequest({ ...everything, filters: { ...noFilters, locked: true } }).filters,
    ).toEqual([{ field: 'locked' }, { field: 'notvariable' }]);
  });
});
