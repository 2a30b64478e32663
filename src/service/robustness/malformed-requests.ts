import { apiPaths } from '../../contract/paths';

/** One request a careless or hostile client could send, and the status it must get. */
export interface MalformedRequest {
  name: string;
  method: string;
  /** Sent byte for byte. */
  path: string;
  body?: string;
  /** Replaces the default JSON content type; `null` sends none. */
  contentType?: string | null;
  status: number;
}

const search = apiPaths.search;
const lock = apiPaths.template(1);
const validSearch = { filters: [], sort: { field: 'name', ascending: true }, limit: 10 };

function searchWith(change: Record<string, unknown>): string {
  return JSON.stringify({ ...validSearch, ...change });
}

function searchWithout(key: keyof typeof validSearch): string {
  const body: Record<string, unknown> = { ...validSearch };
  delete body[key];
  return JSON.stringify(body);
}

const nested = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

const badJson: Array<[string, string]> = [
  ['an empty body', ''],
  ['only spaces', '   '],
  ['an opened object', '{'],
  ['a truncated search', '{"filters": [], "sort": {"field": "na'],
  ['a truncated array', '{"filters": ['],
  ['a trailing comma', '{"locked": true,}'],
  ['single quotes', "{'locked': true}"],
  ['an unquoted key', '{locked: true}'],
  ['a misspelt literal', '{"locked": tru}'],
  ['garbage after the object', '{"locked": true} trailing'],
  ['two objects', '{"locked": true}{"locked": false}'],
  ['a NUL byte', '\u0000'],
  ['a raw control character in a string', '{"locked": "a\u0001b"}'],
  ['NaN', '{"locked": NaN}'],
  ['a comment', '{"locked": true /* why */}'],
  ['a bad escape', '{"locked": "\\x41"}'],
  ['a lone minus', '{"limit": -}'],
];

const lockBodies: Array<[string, string]> = [
  ['an empty object', '{}'],
  ['locked null', '{"locked": null}'],
  ['locked as a string', '{"locked": "true"}'],
  ['locked as 1', '{"locked": 1}'],
  ['locked as 0', '{"locked": 0}'],
  ['locked as an array', '{"locked": [true]}'],
  ['locked as an object', '{"locked": {"value": true}}'],
  ['another property beside locked', '{"locked": true, "name": "renamed"}'],
  ['only another property', '{"colour": "red"}'],
  ['an array body', '[{"locked": true}]'],
  ['a string body', '"locked"'],
  ['a number body', '1'],
  ['null', 'null'],
  ['true', 'true'],
  ['locked twice', '{"locked": false, "locked": true}'],
  ['locked twice, spelt with an escape', '{"locked": "x", "\\u006cocked": true}'],
  ['a __proto__ key', '{"locked": true, "__proto__": {"locked": false}}'],
  [
    'a constructor.prototype key',
    '{"locked": true, "constructor": {"prototype": {"polluted": 1}}}',
  ],
  ['a long unknown property', `{"locked": true, "${'k'.repeat(50_000)}": 1}`],
  ['unicode in the property name', '{"lockéd": true}'],
  ['a NUL in the property name', '{"locked\\u0000": true}'],
  ['locked nested 5,000 deep', `{"locked": ${nested(5000, 'true')}}`],
];

const searchBodies: Array<[string, string]> = [
  ['no filters', searchWithout('filters')],
  ['no sort', searchWithout('sort')],
  ['no limit', searchWithout('limit')],
  ['filters null', searchWith({ filters: null })],
  ['filters as an object', searchWith({ filters: {} })],
  ['filters as a string', searchWith({ filters: 'locked' })],
  ['filters as a number', searchWith({ filters: 1 })],
  ['a filter that is null', searchWith({ filters: [null] })],
  ['a filter that is a string', searchWith({ filters: ['locked'] })],
  ['a filter that is an array', searchWith({ filters: [[]] })],
  ['a filter without a field', searchWith({ filters: [{}] })],
  ['a filter field that is a number', searchWith({ filters: [{ field: 1 }] })],
  ['a filter field that is empty', searchWith({ filters: [{ field: '' }] })],
  ['an unknown filter', searchWith({ filters: [{ field: 'bogus' }] })],
  ['a flag filter with an extra property', searchWith({ filters: [{ field: 'locked', x: 1 }] })],
  ['an owner filter without idList', searchWith({ filters: [{ field: 'owner' }] })],
  [
    'an owner filter with an empty idList',
    searchWith({ filters: [{ field: 'owner', idList: [] }] }),
  ],
  ['an owner idList as a string', searchWith({ filters: [{ field: 'owner', idList: '1' }] })],
  ['an owner id that is an object', searchWith({ filters: [{ field: 'owner', idList: [{}] }] })],
  ['an owner id that is a fraction', searchWith({ filters: [{ field: 'owner', idList: [1.5] }] })],
  ['an owner id that is not digits', searchWith({ filters: [{ field: 'owner', idList: ['1a'] }] })],
  ['a dataset id that is null', searchWith({ filters: [{ field: 'dataset', idList: [null] }] })],
  ['inactive with a string value', searchWith({ filters: [{ field: 'inactive', value: 'yes' }] })],
  ['4,000 unknown filters', searchWith({ filters: Array(4000).fill({ field: 'zz' }) })],
  ['sort null', searchWith({ sort: null })],
  ['sort as a string', searchWith({ sort: 'name' })],
  ['sort as an array', searchWith({ sort: ['name', true] })],
  ['sort without ascending', searchWith({ sort: { field: 'name' } })],
  ['sort without field', searchWith({ sort: { ascending: true } })],
  ['sort field that is a number', searchWith({ sort: { field: 1, ascending: true } })],
  ['sort by an unknown field', searchWith({ sort: { field: 'archived', ascending: true } })],
  ['ascending as a string', searchWith({ sort: { field: 'name', ascending: 'yes' } })],
  ['sort with an extra property', searchWith({ sort: { field: 'name', ascending: true, x: 1 } })],
  ['limit 0', searchWith({ limit: 0 })],
  ['limit -1', searchWith({ limit: -1 })],
  ['limit 5001', searchWith({ limit: 5001 })],
  ['limit 1.5', searchWith({ limit: 1.5 })],
  ['limit as a string', searchWith({ limit: '10' })],
  ['limit null', searchWith({ limit: null })],
  ['limit true', searchWith({ limit: true })],
  ['limit past the safe integers', searchWith({ limit: 2 ** 60 })],
  [
    'limit as 1e309 (infinity)',
    `{"filters":[],"sort":{"field":"name","ascending":true},"limit":1e309}`,
  ],
  ['offset -1', searchWith({ offset: -1 })],
  ['offset 0.5', searchWith({ offset: 0.5 })],
  ['offset as a string', searchWith({ offset: '0' })],
  ['offset null', searchWith({ offset: null })],
  ['name as a number', searchWith({ name: 1 })],
  ['name null', searchWith({ name: null })],
  ['name as an array', searchWith({ name: ['a'] })],
  ['name of 257 characters', searchWith({ name: 'n'.repeat(257) })],
  [
    'name with a lone surrogate',
    '{"filters":[],"sort":{"field":"name","ascending":true},"limit":1,"name":"\\ud800"}',
  ],
  ['an unknown top-level property', searchWith({ page: 2 })],
  [
    'a __proto__ filter property',
    '{"filters":[{"field":"locked","__proto__":{"x":1}}],"sort":{"field":"name","ascending":true},"limit":1}',
  ],
  ['limit twice', '{"filters":[],"sort":{"field":"name","ascending":true},"limit":1,"limit":10}'],
  [
    'sort field twice',
    '{"filters":[],"sort":{"field":"name","field":"id","ascending":true},"limit":1}',
  ],
  [
    'name nested 5,000 deep',
    `{"filters":[],"sort":{"field":"name","ascending":true},"limit":1,"name":${nested(5000, '"x"')}}`,
  ],
  [
    'filters nested 5,000 deep',
    `{"filters":${nested(5000, '{"field":"locked"}')},"sort":{"field":"name","ascending":true},"limit":1}`,
  ],
  [
    'sort nested 5,000 deep',
    `{"filters":[],"sort":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},"limit":1}`,
  ],
];

const ids = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '%20',
  '1%00',
  '%2B1',
  '1%2F..%2F..%2Fadmin',
  '%E2%80%8B1',
  'null',
  '1%20',
];

export const malformedRequests: MalformedRequest[] = [
  ...badJson.flatMap(([name, body]) => [
    { name: `lock: ${name}`, method: 'PUT', path: lock, body, status: 400 },
    { name: `search: ${name}`, method: 'POST', path: search, body, status: 400 },
  ]),
  ...lockBodies.map(([name, body]) => ({
    name: `lock: ${name}`,
    method: 'PUT',
    path: lock,
    body,
    status: 400,
  })),
  ...searchBodies.map(([name, body]) => ({
    name: `search: ${name}`,
    method: 'POST',
    path: search,
    body,
    status: 400,
  })),
  ...ids.flatMap((id) => [
    { name: `GET template id ${id}`, method: 'GET', path: apiPaths.template(id), status: 400 },
    {
      name: `PUT template id ${id}`,
      method: 'PUT',
      path: apiPaths.template(id),
      body: '{"locked":true}',
      status: 400,
    },
  ]),
  { name: 'a malformed escape %c0', method: 'GET', path: `${lock}%c0`, status: 400 },
  { name: 'a malformed escape %zz', method: 'GET', path: apiPaths.template('%zz'), status: 400 },
  { name: 'a lone percent sign', method: 'GET', path: apiPaths.template('%'), status: 400 },
  {
    name: 'an overlong UTF-8 slash',
    method: 'GET',
    path: apiPaths.template('%c0%af'),
    status: 400,
  },
  { name: 'a path past the API', method: 'GET', path: `${lock}/extra`, status: 404 },
  {
    name: 'a doubled slash',
    method: 'GET',
    path: lock.replace('/functions', '//functions'),
    status: 404,
  },
  { name: 'a dot segment', method: 'GET', path: `${apiPaths.search}/../statistics`, status: 404 },
  {
    name: 'a body over 64 KiB',
    method: 'POST',
    path: search,
    body: searchWith({ name: 'x'.repeat(70_000) }),
    status: 413,
  },
  {
    name: 'a body sent as text',
    method: 'POST',
    path: search,
    body: searchWith({}),
    contentType: 'text/plain',
    status: 415,
  },
  {
    name: 'a body sent as a form',
    method: 'PUT',
    path: lock,
    body: 'locked=true',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
  },
  {
    name: 'a body with no content type',
    method: 'PUT',
    path: lock,
    body: '{"locked":true}',
    contentType: null,
    status: 415,
  },
  { name: 'PATCH a field', method: 'PATCH', path: lock, body: '{"locked":true}', status: 405 },
  { name: 'TRACE a field', method: 'TRACE', path: lock, status: 405 },
  { name: 'PROPFIND a field', method: 'PROPFIND', path: lock, status: 405 },
  { name: 'GET the search', method: 'GET', path: search, status: 405 },
  { name: 'PUT the statistics', method: 'PUT', path: apiPaths.statistics, body: '{}', status: 405 },
];
