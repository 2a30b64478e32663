import type { SearchFilter } from '../../contract/search';
import type { NormalizedFilter, NormalizedSearchRequest } from '../../contract/search-validation';
import { normalizeFilter } from '../../contract/search-validation';

/** Turns filters the project writes itself into the store's form; a mistake there is a bug. */
export function normalizedFilters(filters: readonly SearchFilter[]): NormalizedFilter[] {
  return filters.map((filter, index) => {
    const result = normalizeFilter(filter, `filters[${index}]`);
    if ('problems' in result) throw new Error(result.problems.map((p) => p.message).join('; '));
    return result.filter;
  });
}

/** A search that only counts: the smallest page, sorted by id. */
export function countingRequest(filters: readonly SearchFilter[]): NormalizedSearchRequest {
  return { filters: normalizedFilters(filters), sort: { field: 'id', ascending: true }, limit: 1 };
}
