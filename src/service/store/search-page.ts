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

/**
 * The page as the API answers it, with `extra` members after its own (a finding's
 * notes, the snapshot's instanceData): the one place search answers are written.
 */
export function searchPageJson(page: SearchPage, extra: Record<string, unknown> = {}): string {
  const members = Object.entries(extra)
    .map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`)
    .join('');
  return `{"totalHits":${page.totalHits},"results":[${page.results.join(',')}],"hasMore":${page.hasMore},"degraded":${page.degraded}${members}}`;
}
