import { hashKey, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import { apiPaths } from '../../contract/paths';
import type { SearchRequest } from '../../contract/search';
import type { SearchPage } from '../../contract/search-page';
import { quickReadSearchPage } from '../../contract/search-page-quick-read';
import type { FindingScope } from '../../contract/finding-kinds';
import type { FindingFieldsAnswer } from '../../contract/audit';
import { requestAnswer } from '../http-client';
import { parseResponse } from '../parse-response';
import { fieldKeys } from './field-keys';

/**
 * A search answer as the app reads it (contract/search-page.ts): every row is read
 * on its own, in every build, since ids must be turned into text on every row and
 * a malformed row anywhere must be named. An answer all of whose rows are of the
 * contract's shape is read without zod (the first screen's, and nearly every other);
 * any other by the contract's schema, loaded then, which names what is wrong.
 */
export async function readSearchAnswer(data: unknown): Promise<SearchPage> {
  const page = quickReadSearchPage(data);
  if (page) return page;
  const { searchPageSchema } = await import('../../contract/search-page');
  return parseResponse(searchPageSchema, data, apiPaths.search);
}

/** A page of fields; one of a finding's (`scope`) says what the finding says of each (`notes`). */
export type FieldsAnswer = SearchPage & Partial<Pick<FindingFieldsAnswer, 'notes'>>;

/** A search of the instance, or of one audit finding's fields when `scope` names one. */
export function searchFields(
  request: SearchRequest,
  signal?: AbortSignal,
  scope?: FindingScope,
): Promise<FieldsAnswer> {
  if (scope)
    return import('../audit/findings').then(({ searchFindingFields }) =>
      searchFindingFields(scope, request, signal),
    );
  return requestAnswer(apiPaths.search, readSearchAnswer, {
    method: 'POST',
    body: request,
    signal,
  });
}

export function searchFieldsQueryOptions(request: SearchRequest, scope?: FindingScope) {
  return queryOptions({
    queryKey: fieldKeys.search(request, scope),
    queryFn: ({ signal }): Promise<FieldsAnswer> => searchFields(request, signal, scope),
    // The next page, sort or filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    // A view a lock changed is refreshed when the user asks, not when the window
    // regains focus: its changed rows stay in place until then (see lock-field.ts).
    refetchOnWindowFocus: (query) => !keptUntilRefreshed(query.state),
    refetchOnReconnect: (query) => !keptUntilRefreshed(query.state),
  });
}

/**
 * Sends the search of a view the user has just chosen, before the page draws it:
 * drawing a page of rows takes long enough to be worth not waiting for. The page's
 * own query then takes this answer, or waits for it while it is on its way. Resolves
 * when the answer is in (or the search failed).
 */
export function sendSearchNow(
  client: QueryClient,
  request: SearchRequest,
  scope?: FindingScope,
): Promise<void> {
  const options = searchFieldsQueryOptions(request, scope);
  cancelSupersededSearch(client, options.queryKey);
  lastSentSearch.set(client, options.queryKey);
  return client.prefetchQuery(options);
}

/** The search each query cache was last sent for a chosen view. */
const lastSentSearch = new WeakMap<QueryClient, QueryKey>();

/**
 * The search sent for the view chosen before `next` is not wanted any more when no
 * page shows it: a view typed past before its answer came is never drawn. One a page
 * shows is left to React Query, which cancels it when the page moves on.
 */
function cancelSupersededSearch(client: QueryClient, next: QueryKey): void {
  const previous = lastSentSearch.get(client);
  if (!previous || hashKey(previous) === hashKey(next)) return;
  const query = client.getQueryCache().find({ queryKey: previous, exact: true });
  if (query?.state.fetchStatus === 'fetching' && query.getObserversCount() === 0)
    void client.cancelQueries({ queryKey: previous, exact: true });
}

/**
 * A lock changed fields since this answer arrived, and it is kept as it is until
 * refreshed. A failed search is marked invalidated too (by the query library), but
 * it has no rows to keep: it is asked again like any other.
 */
function keptUntilRefreshed(state: QueryState<SearchPage> | undefined): boolean {
  return state?.isInvalidated === true && state.status === 'success';
}

/** A lock changed fields since this view loaded; it stays as it is until refreshed. */
export function isViewOutdated(
  client: QueryClient,
  request: SearchRequest,
  scope?: FindingScope,
): boolean {
  return keptUntilRefreshed(client.getQueryState<SearchPage>(fieldKeys.search(request, scope)));
}
