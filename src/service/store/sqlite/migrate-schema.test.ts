import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalculatedField, SearchResultItem } from '../../../contract/field';
import { checkSumOf } from '../../fields/check-sum';
import { openStore } from '../open-store';
import { SCHEMA_VERSION } from './schema';

const versionOneStore = readFileSync(
  join(import.meta.dirname, 'test-fixtures', 'version-1-store.sql'),
  'utf8',
);
const fixedExpression = 'SUM(SUM(`Amount`) FIXED (BY `Status`))';

let dir: string;
let file: string;

/** A file as the previous version left it, with what that version derived differently. */
function writeVersionOneStore(): void {
  const db = new Database(file);
  db.exec(versionOneStore);
  // The previous version listed functions in order of first use, CURRENT_DATE included,
  // and read FIXED as a syntax error.
  db.prepare('UPDATE fields SET functions = ? WHERE id = 3').run('["CURRENT_DATE","DATEDIFF"]');
  db.prepare("INSERT INTO field_functions (field_id, name) VALUES (3, 'CURRENT_DATE')").run();
  db.prepare(
    "UPDATE fields SET expression = ?, check_sum = 'old', status = 'INVALID', analytic = 0 WHERE id = 12",
  ).run(fixedExpression);
  db.close();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-migrate-'));
  file = join(dir, 'store.sqlite');
  writeVersionOneStore();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function rawFields(): Array<Record<string, unknown>> {
  const db = new Database(file, { readonly: true });
  const rows = db
    .prepare(
      'SELECT id, name, owner, locked, legacy_id, created, last_modified FROM fields ORDER BY id',
    )
    .all() as Array<Record<string, unknown>>;
  db.close();
  return rows;
}

function everyItem(fields: ReturnType<typeof openStore>['fields']): SearchResultItem[] {
  return fields
    .search({ filters: [], sort: { field: 'id', ascending: true }, limit: 100 })
    .results.map((json) => JSON.parse(json) as SearchResultItem);
}

describe('a store written by schema version 1', () => {
  it('opens, with every field derived again', () => {
    const authored = rawFields();
    const stores = openStore(file);
    try {
      const items = everyItem(stores.fields);
      expect(items).toHaveLength(14);
      for (const item of items) {
        expect(typeof item.variable).toBe('boolean');
        expect(item.dataType).toBe('DECIMAL');
      }
      expect(items.find((item) => item.id === 3)!.variable).toBe(true);
      expect(stores.fields.getField(3)!.functions).toEqual(['DATEDIFF']);
      const fixed: CalculatedField = stores.fields.getField(12)!;
      expect(fixed).toMatchObject({
        status: 'VALID',
        analytic: true,
        aggregated: true,
        functions: ['SUM'],
        checkSum: checkSumOf(fixedExpression),
      });
      expect(
        stores.fields.search({
          filters: [{ kind: 'list', field: 'function', values: ['CURRENT_DATE'] }],
          sort: { field: 'id', ascending: true },
          limit: 10,
        }).totalHits,
      ).toBe(0);
      expect(
        stores.fields.search({
          filters: [{ kind: 'flag', flag: 'nested', negated: true }],
          sort: { field: 'id', ascending: true },
          limit: 1,
        }).totalHits,
      ).toBe(14);
    } finally {
      stores.close();
    }
    // Ids, names, owners, lock flags, legacy ids and times are kept as they were.
    expect(rawFields()).toEqual(authored);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(
      db.prepare('SELECT count(*) AS n FROM meta WHERE key = ?').get('rederive_pending'),
    ).toEqual({ n: 0 });
    db.close();
  });

  it('names its owners as active and its data sources without owners, until imported again', () => {
    const stores = openStore(file);
    try {
      expect(stores.directory.users([101])).toEqual([
        { id: 101, displayName: 'Ada Lovelace', detail: { active: true } },
      ]);
      const [source] = stores.directory.dataSources(['0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f']);
      expect(source).not.toHaveProperty('owner');
    } finally {
      stores.close();
    }
  });

  it('is derived again once, not at every start', () => {
    openStore(file).close();
    const db = new Database(file);
    db.prepare('UPDATE fields SET functions = \'["LEFT ALONE"]\' WHERE id = 1').run();
    db.close();
    const stores = openStore(file);
    expect(stores.fields.getField(1)!.functions).toEqual(['LEFT ALONE']);
    stores.close();
  });
});
