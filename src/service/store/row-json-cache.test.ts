import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NormalizedSearchRequest } from '../../contract/search-validation';
import { generateDemoInstance } from '../demo/generate-demo-instance';
import { importInstance } from '../instance/import-instance';
import { SqlSearchOracle } from '../test-support/sql-search-oracle';
import { IndexedFieldStore } from './indexed-field-store';
import { openStore } from './open-store';
import { RowJsonCache } from './row-json-cache';
import { openDatabase } from './sqlite/open-database';
import { SqliteFieldStore } from './sqlite/sqlite-field-store';

describe('RowJsonCache', () => {
  it('keeps at most its capacity, letting the longest held row go first', () => {
    const cache = new RowJsonCache(3);
    cache.set(1, 'one');
    cache.set(2, 'two');
    cache.set(3, 'three');
    expect(cache.get(1)).toBe('one'); // a read does not keep it longer
    cache.set(4, 'four');
    expect(cache.size).toBe(3);
    expect(cache.get(1)).toBeUndefined();
    expect([cache.get(2), cache.get(3), cache.get(4)]).toEqual(['two', 'three', 'four']);
  });

  it('replaces a row set again without counting it twice', () => {
    const cache = new RowJsonCache(2);
    cache.set(1, 'old');
    cache.set(1, 'new');
    cache.set(2, 'two');
    expect(cache.size).toBe(2);
    expect(cache.get(1)).toBe('new');
  });
});

describe('a store whose cache holds fewer rows than a page', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cfm-row-cache-'));
    file = join(dir, 'store.sqlite');
    const seed = openStore(file);
    expect(
      importInstance(seed.fields, generateDemoInstance({ fields: 300, seed: 4 })).refusals,
    ).toEqual([]);
    seed.close();
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every page exactly as SQL does, before and after a lock', () => {
    const db = openDatabase(file);
    const sqlite = new SqliteFieldStore(db);
    const store = new IndexedFieldStore(sqlite, undefined, 20);
    const oracle = new SqlSearchOracle(db);
    const page = (offset: number): NormalizedSearchRequest => ({
      filters: [],
      sort: { field: 'id', ascending: true },
      limit: 50,
      offset,
    });
    try {
      for (let offset = 0; offset < 300; offset += 50) {
        expect(store.search(page(offset))).toEqual(oracle.search(page(offset)));
      }
      const first = store.search(page(0));
      const lockedId = (JSON.parse(first.results[0]!) as { id: number }).id;
      store.setLocked(lockedId, true, 1_900_000_000_000);
      const again = store.search(page(0));
      expect(again).toEqual(oracle.search(page(0)));
      expect(JSON.parse(again.results[0]!)).toMatchObject({ id: lockedId, locked: true });
    } finally {
      db.close();
    }
  });
});
