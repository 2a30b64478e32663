import { useQuery } from '@tanstack/react-query';
import type { FindingScope } from '../../contract/finding-kinds';
import type { SearchRequest } from '../../contract/search';
import { searchFieldsQueryOptions } from './search-fields';

/** An answer this young is fresh enough for the page that draws its view. */
const justAnsweredMs = 1000;

/**
 * The page's view of a search. The answer sent for the view just chosen (sendSearchNow)
 * is not asked for again when the page then draws that view; an invalidated answer
 * is stale all the same. Apart from search-fields.ts, which the app's entry imports to
 * send the first search: the query's observer stays out of the entry.
 */
export function useSearchFields(request: SearchRequest, scope?: FindingScope) {
  return useQuery({ ...searchFieldsQueryOptions(request, scope), staleTime: justAnsweredMs });
}
