import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  NormalizedFilter,
  NormalizedSearchRequest,
} from '../../../contract/search-validation';
import { flagFilters, sortFields } from '../../../contract/search';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { importInstance } from '../../instance/import-instance';
import type { Stores } from '../open-store';
import { openStore } from '../open-store';
import { SqlSearchOracle } from '../../test-support/sql-search-oracle';

const instance = generateDemoInstance({ fields: 1500, seed: 11 });
// Names from every script, so case folding and ordering are tested beyond ASCII.
fc.sample(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), {
  numRuns: 150,
  seed: 5,
}).forEach((name, index) => {
  instance.fields[index * 9]!.name = name;
});
instance.fields[1]!.name = 'İstanbul Ünits ß';
instance.fields[2]!.name = 'ISTANBUL units SS';
// A field that nests only itself is not `nested` (no other field nests it); the
// demo's fields that nest a deleted field (ids past 1500) keep templateDependencies
// answering.
const selfNesting = 1501;
instance.fields.push({
  ...instance.fields[0]!,
  id: selfNesting,
  name: 'Nests Itself',
  legacyId: undefined,
  expression: `SERVICE_BEAST_MODE(${selfNesting}) + 1`,
});
const names = instance.fields.map((field) => field.name);
const owners = instance.owners.map((owner) => owner.id);
const dataSources = instance.dataSources.map((source) => source.id);
const cards = instance.cards.map((card) => card.id);

let dir: string;
let indexed: Stores;
let oracleDb: Database.Database;
let oracle: SqlSearchOracle;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-index-'));
  const file = join(dir, 'store.sqlite');
  const seed = openStore(file);
  expect(importInstance(seed.fields, instance).refusals).toEqual([]);
  seed.close();
  indexed = openStore(file);
  oracleDb = new Database(file, { readonly: true });
  oracle = new SqlSearchOracle(oracleDb);
});

afterAll(() => {
  indexed.close();
  oracleDb.close();
  rmSync(dir, { recursive: true, force: true });
});

const nameArbitrary = fc
  .oneof(
    fc.constant(''),
    fc.string({ maxLength: 4 }),
    fc.string({ unit: 'grapheme', maxLength: 3 }),
    fc
      .tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.boolean())
      .map(([which, start, length, upper]) => {
        const name = names[which % names.length]!;
        const from = start % Math.max(1, name.length);
        const part = name.slice(from, from + length);
        return upper ? part.toUpperCase() : part;
      }),
  )
  .filter((name) => name.isWellFormed()); // the API refuses lone surrogates

const filterArbitrary: fc.Arbitrary<NormalizedFilter> = fc.oneof(
  fc.record({
    kind: fc.constant('dependents' as const),
    fieldId: fc.option(fc.integer({ min: 1, max: 1600 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('flag' as const),
    flag: fc.constantFrom(...flagFilters),
    negated: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('list' as const),
    field: fc.constant('owner' as const),
    values: fc.uniqueArray(fc.oneof(fc.constantFrom(...owners), fc.nat()), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
  fc.record({
    kind: fc.constant('list' as const),
    field: fc.constantFrom(
      'dataset' as const,
      'card' as const,
      'status' as const,
      'function' as const,
    ),
    values: fc.uniqueArray(
      fc.oneof(
        fc.constantFrom(...dataSources, ...cards),
        fc.constantFrom('VALID', 'invalid', 'SUM', 'service_op_divide', 'CONCAT', 'NOPE'),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);

const requestArbitrary: fc.Arbitrary<NormalizedSearchRequest> = fc.record({
  name: nameArbitrary,
  filters: fc.array(filterArbitrary, { maxLength: 3 }),
  sort: fc.record({ field: fc.constantFrom(...sortFields), ascending: fc.boolean() }),
  limit: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constant(5000)),
  offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1600 })),
});

const lockArbitrary = fc.option(
  fc.record({
    id: fc.integer({ min: 1, max: 1500 }),
    locked: fc.boolean(),
    at: fc.integer({ min: 0, max: 2e12 }),
  }),
);

it('the index answers exactly what a plain SQL scan answers, also after locks', () => {
  fc.assert(
    fc.property(lockArbitrary, requestArbitrary, (lock, request) => {
      if (lock) indexed.fields.setLocked(lock.id, lock.locked, lock.at);
      expect(indexed.fields.search(request)).toEqual(oracle.search(request));
    }),
    { numRuns: 400 },
  );
});

it('nested and notnested agree with SQL, a field that nests only itself among them', () => {
  for (const negated of [false, true]) {
    const request: NormalizedSearchRequest = {
      name: '',
      filters: [{ kind: 'flag', flag: 'nested', negated }],
      sort: { field: 'id', ascending: true },
      limit: 5000,
      offset: 0,
    };
    const answer = indexed.fields.search(request);
    expect(answer).toEqual(oracle.search(request));
    const ids = answer.results.map((json) => (JSON.parse(json) as { id: number }).id);
    expect(ids.includes(selfNesting)).toBe(negated);
  }
});

it('statistics agree with SQL', () => {
  expect(indexed.fields.statistics()).toEqual(oracle.statistics());
});
