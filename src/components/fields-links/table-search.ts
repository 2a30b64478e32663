import type { FlagFilter, SearchFilter, SearchRequest } from '../../contract/search';
import type { FieldFilters, TableView } from './table-address';

/** `{field: flag}` when the choice is true, `{field: not<flag>}` when false, nothing when null. */
function choiceFilter(flag: FlagFilter, value: boolean | null): SearchFilter[] {
  if (value === null) return [];
  return [{ field: value ? flag : `not${flag}` }];
}

/** The API filters that find what the table's filters describe. */
export function toSearchFilters(filters: FieldFilters): SearchFilter[] {
  const search: SearchFilter[] = [
    ...choiceFilter('locked', filters.locked),
    ...choiceFilter('archived', filters.archived),
  ];
  if (filters.invalidOnly) search.push({ field: 'invalid' });
  if (filters.brokenLinksOnly) search.push({ field: 'invalidlink' });
  if (!filters.showVariables) search.push({ field: 'notvariable' });
  search.push(...choiceFilter('ondataset', filters.onDataSource));
  search.push(...choiceFilter('invisualization', filters.inVisualization));
  if (filters.owners.length > 0) search.push({ field: 'owner', idList: filters.owners });
  if (filters.dataSources.length > 0) {
    search.push({ field: 'dataset', idList: filters.dataSources });
  }
  if (filters.statuses.length > 0) search.push({ field: 'status', idList: filters.statuses });
  return search;
}

/** The search that answers a view of the table: one page of its matches. */
export function toSearchRequest(view: TableView): SearchRequest {
  return {
    filters: toSearchFilters(view),
    sort: { field: view.sort.column, ascending: !view.sort.descending },
    limit: view.pageSize,
    offset: (view.page - 1) * view.pageSize,
    name: view.name,
  };
}
