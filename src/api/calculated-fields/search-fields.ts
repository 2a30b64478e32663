import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest, SearchResponse } from '../../contract/search';
import { requestJson } from '../http-client';
import { fieldKeys } from './field-keys';

export function searchFields(request: SearchRequest, signal?: AbortSignal) {
  return requestJson<SearchResponse>(apiPaths.search, { method: 'POST', body: request, signal });
}

export function searchFieldsQueryOptions(request: SearchRequest) {
  return queryOptions({
    queryKey: fieldKeys.search(request),
    queryFn: ({ signal }) => searchFields(request, signal),
    // The next page, sort or filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useSearchFields(request: SearchRequest) {
  return useQuery(searchFieldsQueryOptions(request));
}
