// The fields table's state as the URL holds it. Shared, because other pages link into
// the table with filters applied (every view is a link).
import type { SearchRequest } from '../../contract/search';
import { noFilters, readFilters, toSearchFilters, writeFilters } from './field-filters';
import type { FieldFilters } from './field-filters';

export const pageSizes = [25, 50, 100, 500, 1000, 5000] as const;
export type PageSize = (typeof pageSizes)[number];

export const sortableColumns = ['name', 'created', 'lastModified'] as const;
export type SortableColumn = (typeof sortableColumns)[number];

export interface TableSort {
  column: SortableColumn;
  descending: boolean;
}

/** Everything the fields table shows, as the URL holds it: every view is a link. */
export interface TableParams {
  name: string;
  sort: TableSort;
  /** 1-based. */
  page: number;
  pageSize: PageSize;
  filters: FieldFilters;
}

export const defaultTableParams: TableParams = {
  name: '',
  sort: { column: 'name', descending: false },
  page: 1,
  pageSize: 50,
  filters: noFilters,
};

function readSort(value: string | null): TableSort {
  const descending = value?.startsWith('-') ?? false;
  const column = sortableColumns.find(
    (candidate) => candidate === value?.slice(descending ? 1 : 0),
  );
  return column ? { column, descending } : defaultTableParams.sort;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : defaultTableParams.page;
}

export function readPageSize(value: string | null): PageSize {
  return pageSizes.find((size) => String(size) === value) ?? defaultTableParams.pageSize;
}

export function readTableParams(search: URLSearchParams): TableParams {
  return {
    name: search.get('q') ?? defaultTableParams.name,
    sort: readSort(search.get('sort')),
    page: readPage(search.get('page')),
    pageSize: readPageSize(search.get('size')),
    filters: readFilters(search),
  };
}

/** The URL search of `params`, leaving out what equals the defaults so links stay short. */
export function writeTableParams(params: TableParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.name !== '') search.set('q', params.name);
  const { sort } = params;
  const defaultSort = defaultTableParams.sort;
  if (sort.column !== defaultSort.column || sort.descending !== defaultSort.descending) {
    search.set('sort', `${sort.descending ? '-' : ''}${sort.column}`);
  }
  if (params.page !== defaultTableParams.page) search.set('page', String(params.page));
  if (params.pageSize !== defaultTableParams.pageSize) search.set('size', String(params.pageSize));
  writeFilters(params.filters, search);
  return search;
}

export function toSearchRequest(params: TableParams): SearchRequest {
  return {
    filters: toSearchFilters(params.filters),
    sort: { field: params.sort.column, ascending: !params.sort.descending },
    limit: params.pageSize,
    offset: (params.page - 1) * params.pageSize,
    name: params.name,
  };
}
