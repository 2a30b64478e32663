import type { SearchFilter, SearchRequest } from '../../src/contract/search';
import { SeededRandom } from '../../src/service/demo/seeded-random';

/** One kind of request, as our API asks it and as json-server asks the same thing. */
export interface Scenario {
  label: string;
  ours: () => SearchRequest;
  jsonServer: () => string;
  connections: number;
  /** How many different requests `ours` asks in turn before it asks the first again. */
  distinctRequests: number;
}

/** Flag filters both servers can express: json-server filters on the search results' own fields. */
const filterPairs: Array<{ ours: SearchFilter[]; jsonServer: string }> = [
  {
    ours: [{ field: 'notlocked' }, { field: 'notarchived' }],
    jsonServer: 'locked=false&archived=false',
  },
  {
    ours: [{ field: 'locked' }, { field: 'notarchived' }],
    jsonServer: 'locked=true&archived=false',
  },
  { ours: [{ field: 'notinvalid' }, { field: 'global' }], jsonServer: 'status=VALID&global=true' },
  {
    ours: [{ field: 'invalid' }, { field: 'notarchived' }],
    jsonServer: 'status_ne=VALID&archived=false',
  },
  { ours: [{ field: 'notglobal' }, { field: 'locked' }], jsonServer: 'global=false&locked=true' },
  {
    ours: [{ field: 'notlocked' }, { field: 'notinvalid' }],
    jsonServer: 'locked=false&status=VALID',
  },
];

/** json-server's name_like is a regular expression; escaping makes it a plain substring. */
const asRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 1,000 substrings of real names, 2 to 6 characters, chosen by a fixed seed. */
export function nameFragments(names: readonly string[], count = 1000): string[] {
  const random = new SeededRandom(1000);
  return Array.from({ length: count }, () => {
    const name = names[random.int(0, names.length - 1)]!;
    const length = Math.min(name.length, random.int(2, 6));
    const start = random.int(0, name.length - length);
    return name.slice(start, start + length);
  });
}

/** Cycles through a list, so each request asks something else. */
function cycle<T>(items: readonly T[]): () => T {
  let index = 0;
  return () => items[index++ % items.length]!;
}

export function scenarios(
  fragments: readonly string[],
  referencedIds: readonly number[],
  total: number,
): Scenario[] {
  const sort = { field: 'name', ascending: true } as const;
  const pages = (limit: number) =>
    Array.from({ length: Math.min(100, Math.floor(total / limit)) }, (_, page) => page);
  const pages50 = pages(50);
  const pages5000 = pages(5000);
  const page50 = cycle(pages50);
  const page5000 = cycle(pages5000);
  const fragment = cycle(fragments);
  const pair = cycle(filterPairs);
  const referenced = cycle(referencedIds);
  const jsonServerPage = (page: number, limit: number) =>
    `/fields?_sort=name&_order=asc&_page=${page + 1}&_limit=${limit}`;
  return [
    {
      label: '50 rows by name, any page',
      connections: 10,
      distinctRequests: pages50.length,
      ours: () => ({ filters: [], sort, limit: 50, offset: page50() * 50 }),
      jsonServer: () => jsonServerPage(page50(), 50),
    },
    {
      label: '50 rows by name, name substring',
      connections: 10,
      distinctRequests: fragments.length,
      ours: () => ({ filters: [], sort, limit: 50, name: fragment() }),
      jsonServer: () =>
        `${jsonServerPage(0, 50)}&name_like=${encodeURIComponent(asRegExp(fragment()))}`,
    },
    {
      label: '50 rows by name, two filters',
      connections: 10,
      distinctRequests: filterPairs.length,
      ours: () => ({ filters: pair().ours, sort, limit: 50 }),
      jsonServer: () => `${jsonServerPage(0, 50)}&${pair().jsonServer}`,
    },
    {
      // A script finding the fields that reference a field, to rewrite them.
      label: '50 rows by name, templateDependencies',
      connections: 10,
      distinctRequests: referencedIds.length,
      ours: () => ({
        filters: [{ field: 'templateDependencies', value: String(referenced()) }],
        sort,
        limit: 50,
      }),
      jsonServer: () =>
        `${jsonServerPage(0, 50)}&references_like=${encodeURIComponent(`(^|,)${referenced()}(,|$)`)}`,
    },
    {
      label: '5,000 rows by name, any page',
      connections: 4,
      distinctRequests: pages5000.length,
      ours: () => ({ filters: [], sort, limit: 5000, offset: page5000() * 5000 }),
      jsonServer: () => jsonServerPage(page5000(), 5000),
    },
  ];
}
