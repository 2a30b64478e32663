import type { FlagFilter, ListFilter, SearchFilter, SearchRequest } from '../contract/search';
import type { FieldFilters, TableView } from './table-address';

/** `{field: flag}` when the choice is true, `{field: not<flag>}` when false, nothing when null. */
function choiceFilter(flag: FlagFilter, value: boolean | null): SearchFilter[] {
  if (value === null) return [];
  return [{ field: value ? flag : `not${flag}` }];
}

/** `{field, idList}` when the list has ids, nothing when it is empty (the API refuses an empty list). */
function listFilter(field: ListFilter, idList: Array<string | number>): SearchFilter[] {
  return idList.length > 0 ? [{ field, idList }] : [];
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
  search.push(
    ...choiceFilter('ondataset', filters.onDataSource),
    ...choiceFilter('invisualization', filters.inVisualization),
    ...choiceFilter('active', filters.active),
    ...choiceFilter('aggregated', filters.aggregated),
    ...choiceFilter('global', filters.global),
    ...choiceFilter('hidden', filters.hidden),
    ...choiceFilter('nested', filters.nested),
    ...listFilter('owner', filters.owners),
    ...listFilter('dataset', filters.dataSources),
    ...listFilter('card', filters.cards),
    ...listFilter('status', filters.statuses),
    ...listFilter('function', filters.functions),
  );
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
