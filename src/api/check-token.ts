import { apiPaths } from '../contract/paths';
import type { SearchRequest } from '../contract/search';
import { readSearchAnswer } from './calculated-fields/search-fields';
import { requestAnswer } from './http-client';

/** Asks for one search result with `token`: resolves when the server accepts it. */
export async function checkToken(token: string): Promise<void> {
  const smallestSearch: SearchRequest = {
    filters: [],
    // name: a sort every instance accepts (docs/api.md, "What is sent to an instance").
    sort: { field: 'name', ascending: true },
    limit: 1,
  };
  await requestAnswer(apiPaths.search, readSearchAnswer, {
    method: 'POST',
    body: smallestSearch,
    token,
  });
}
