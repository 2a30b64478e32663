import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { compareNameOrder, nameKeyOf } from '../../../contract/name-order';
import type { NormalizedSearchRequest } from '../../../contract/search-validation';
import { factsOf } from '../../audit/findings/field-facts';
import { indexColumnsOfFacts } from '../../audit/search/index-columns-of-facts';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { importInstance } from '../../instance/import-instance';
import { SqlSearchOracle } from '../../test-support/sql-search-oracle';
import { openStore } from '../open-store';
import { FieldIndex } from './field-index';

// One name order everywhere (contract/name-order.ts): the store's SQL, the store's
// index (embedded mode), the proxy's copy of the instance built from its facts, and
// the order the browser's export follows all agree, over names from every script.

const dir = mkdtempSync(join(tmpdir(), 'cfm-name-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Names where UTF-16 order, code point order and case folding part ways. */
const trickyNames = [
  'Ｒevenue',
  'revenue',
  '📈 Growth',
  '𝐀lpha',
  'ß',
  'SS',
  'ss',
  'é',
  'e\u0301',
  'İstanbul',
  'ǅ',
  '\uFFFD',
  '\uE000 private',
  'ﬀ',
];

const nameArbitrary = fc.oneof(
  fc.constantFrom(...trickyNames),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
  fc.constantFrom(...trickyNames).map((name) => name.toUpperCase()),
);

const byName = (ascending: boolean): NormalizedSearchRequest => ({
  name: '',
  filters: [],
  sort: { field: 'name', ascending },
  limit: 5000,
  offset: 0,
});

let run = 0;

it('the store, its index, the proxy’s copy and the contract’s order agree on every name', () => {
  const instance = generateDemoInstance({ fields: 40, seed: 3 });
  fc.assert(
    fc.property(
      fc.array(
        nameArbitrary.filter((name) => name.isWellFormed()),
        {
          minLength: instance.fields.length,
          maxLength: instance.fields.length,
        },
      ),
      (names) => {
        instance.fields.forEach((field, index) => (field.name = names[index]!));
        const file = join(dir, `store-${(run += 1)}.sqlite`);
        const stores = openStore(file);
        const sql = new Database(file, { readonly: true });
        try {
          expect(importInstance(stores.fields, instance).refusals).toEqual([]);
          const fields = instance.fields.map((field) => stores.fields.getField(field.id)!);
          const proxyCopy = new FieldIndex(indexColumnsOfFacts(fields.map(factsOf), new Map()));
          const contractOrder = fields
            .map((field) => ({ id: field.id, nameKey: nameKeyOf(field.name) }))
            .sort(compareNameOrder)
            .map((field) => field.id);

          for (const ascending of [true, false]) {
            const expected = ascending ? contractOrder : [...contractOrder].reverse();
            const request = byName(ascending);
            // A page's results are the fields' search JSON, as sent.
            const ids = (page: { results: string[] }) =>
              page.results.map((json) => (JSON.parse(json) as { id: number }).id);
            expect(ids(new SqlSearchOracle(sql).search(request))).toEqual(expected);
            expect(ids(stores.fields.search(request))).toEqual(expected);
            expect(proxyCopy.search(request).ids).toEqual(expected);
          }
        } finally {
          sql.close();
          stores.close();
        }
      },
    ),
    { numRuns: 15 },
  );
});
