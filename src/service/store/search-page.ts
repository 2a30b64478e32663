/**
 * A page of search results whose items are already JSON text, so a large page is
 * sent without serializing thousands of objects again.
 */
export interface SearchPage {
  totalHits: number;
  hasMore: boolean;
  degraded: boolean;
  /** Each a search result item (docs/api.md, search) as JSON. */
  results: string[];
}

export function searchPageJson(page: SearchPage): string {
  return `{"totalHits":${page.totalHits},"results":[${page.results.join(',')}],"hasMore":${page.hasMore},"degraded":${page.degraded}}`;
}
