import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import type { SearchRequest, SearchResponse } from '../../src/contract/search';
import { defaultTableView } from '../../src/links/table-address';
import { toSearchRequest } from '../../src/links/table-search';
import { SeededRandom } from '../../src/service/demo/seeded-random';

/** A search of the service as the benchmarks send it: by name, 50 rows, unless told otherwise. */
export async function search(
  url: string,
  token: string,
  body: Partial<SearchRequest>,
): Promise<SearchResponse> {
  const response = await fetch(`${url}${apiPaths.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
    body: JSON.stringify({
      filters: [],
      sort: { field: 'name', ascending: true },
      limit: 50,
      ...body,
    }),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return (await response.json()) as SearchResponse;
}

/** What /fields asks for a name, with the table's default filters and sort. */
export const viewRequest = (name: string) => toSearchRequest({ ...defaultTableView, name });

export interface TypedWord {
  text: string;
  /** How many fields /fields shows for it. */
  hits: number;
}

/** Substrings of real names, chosen by a fixed seed, with how many fields /fields shows for each. */
export async function fragments(
  url: string,
  token: string,
  length: number,
  count: number,
  accept: (hits: number) => boolean,
): Promise<TypedWord[]> {
  const names = (await search(url, token, { limit: 5000, offset: 20_000 })).results.map(
    (r) => r.name,
  );
  const random = new SeededRandom(length * 7919);
  const chosen: TypedWord[] = [];
  for (let attempt = 0; chosen.length < count && attempt < 2000; attempt++) {
    const name = names[random.int(0, names.length - 1)]!;
    if (name.length < length) continue;
    const start = random.int(0, name.length - length);
    const text = name.slice(start, start + length);
    if (
      !/^[A-Za-z]+$/.test(text) ||
      chosen.some((other) => other.text.toLowerCase() === text.toLowerCase())
    )
      continue;
    const { totalHits } = await search(url, token, { ...viewRequest(text), limit: 1 });
    if (accept(totalHits)) chosen.push({ text, hits: totalHits });
  }
  return chosen;
}
