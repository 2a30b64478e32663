import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalculatedField, SearchResultItem } from '../../../contract/field';
import { checkSumOf } from '../../fields/check-sum';
import { openStore } from '../open-store';
import { SCHEMA_VERSION } from './schema';
import { hashToken } from '../../auth/token-hash';
import { SqliteFieldStore } from './sqlite-field-store';

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

  it('keeps its tokens, each an editor, as tokens could write before roles existed', () => {
    const db = new Database(file);
    db.prepare("INSERT INTO tokens (name, hash, created) VALUES ('ci', ?, 1)").run(
      hashToken('old-token').toString('hex'),
    );
    db.close();
    const stores = openStore(file);
    try {
      expect(stores.tokens.identify('old-token')).toEqual({ name: 'ci', role: 'editor' });
    } finally {
      stores.close();
    }
  });

  it('names its owners as active and its data sources and cards without owners, until imported again', () => {
    const stores = openStore(file);
    try {
      expect(stores.directory.users([101])).toEqual([
        { id: 101, displayName: 'Ada Lovelace', detail: { active: true } },
      ]);
      const [source] = stores.directory.dataSources(['0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f']);
      expect(source).not.toHaveProperty('owner');
      expect(stores.directory.cards(['dr:1:1'], true)).toEqual([
        { id: 'dr:1:1', title: 'Revenue by Region', owners: [] },
      ]);
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

  it('counts the changes of any writer from then on, so the saved index catches up with them', () => {
    const first = openStore(file);
    everyItem(first.fields);
    first.close();
    const db = new Database(file);
    db.prepare('UPDATE fields SET locked = 1 - locked WHERE id IN (3, 4)').run();
    const lockedNow = db
      .prepare('SELECT id FROM fields WHERE locked = 1 ORDER BY id')
      .pluck()
      .all();
    db.close();

    const builds = vi.spyOn(SqliteFieldStore.prototype, 'loadIndexColumns');
    const stores = openStore(file);
    try {
      const locked = stores.fields.search({
        filters: [{ kind: 'flag', flag: 'locked', negated: false }],
        sort: { field: 'id', ascending: true },
        limit: 100,
      });
      expect(locked.results.map((json) => (JSON.parse(json) as SearchResultItem).id)).toEqual(
        lockedNow,
      );
      expect(builds).not.toHaveBeenCalled();
    } finally {
      stores.close();
      builds.mockRestore();
    }
  });
});

describe('a store from before nested references were by id', () => {
  /** A copy of field 1 (Gross Margin, on Sales) with another id, name and expression. */
  function addField(db: Database.Database, id: number, name: string, expression: string) {
    db.prepare(
      `INSERT INTO fields SELECT ?, ?, lower(?), owner, locked, global, archived, hidden, variable,
        aggregated, analytic, ?, check_sum, 'calculation_' || ?, created, last_modified, data_type,
        status, cache_window, column_positions, functions, has_invalid_link, has_active_link,
        has_visible_data_source, has_active_card, search_json FROM fields WHERE id = 1`,
    ).run(id, name, name, expression, id);
    db.prepare(
      `INSERT INTO links SELECT ?, position, resource_type, resource_id, visible, active, valid
        FROM links WHERE field_id = 1`,
    ).run(id);
  }

  beforeEach(() => {
    const db = new Database(file);
    // Each on Sales, whose columns are Revenue, Cost, Order Date, Region, Customer ID.
    addField(db, 20, 'Margin x 100', '`Gross Margin` * 100 + `Cost`');
    addField(db, 21, 'Revenue', 'SUM(`Cost`)');
    addField(db, 22, 'Uses Revenue', '`Revenue` * 2');
    addField(db, 23, 'Twin', '1');
    addField(db, 24, 'Twin', '2');
    addField(db, 25, 'Uses Twin', '`Twin` + 1 -- `Gross Margin`');
    db.close();
  });

  it('nests by id a name the old rule took as a field; a column of that name stays a column', () => {
    const stores = openStore(file);
    try {
      const margin = stores.fields.getField(20)!;
      expect(margin.expression).toBe('SERVICE_BEAST_MODE(1) * 100 + `Cost`');
      expect(margin.functionTemplateDependencies).toEqual([1]);
      expect(margin.status).toBe('VALID');
      expect(margin.checkSum).toBe(checkSumOf(margin.expression));
      // Revenue is a column of Sales, so the old rule read it as one too.
      expect(stores.fields.getField(22)!.expression).toBe('`Revenue` * 2');
      // Two fields answer to Twin: which one was meant cannot be told, so it stays a name;
      // a name inside a comment is no reference.
      expect(stores.fields.getField(25)!.expression).toBe('`Twin` + 1 -- `Gross Margin`');
      expect(
        stores.fields
          .search({
            filters: [{ kind: 'flag', flag: 'nested', negated: false }],
            sort: { field: 'id', ascending: true },
            limit: 10,
          })
          .results.map((json) => (JSON.parse(json) as SearchResultItem).id),
      ).toEqual([1]);
    } finally {
      stores.close();
    }
  });
});

describe('a store written by schema version 3', () => {
  it('gains the count of changes without being derived again', () => {
    openStore(file).close();
    const db = new Database(file);
    const triggers = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
      .pluck()
      .all() as string[];
    for (const trigger of triggers) db.exec(`DROP TRIGGER ${trigger}`);
    db.exec('DROP TABLE index_changes; DROP TABLE lock_changes; PRAGMA user_version = 3');
    db.prepare('UPDATE fields SET functions = \'["LEFT ALONE"]\' WHERE id = 1').run();
    db.close();

    const stores = openStore(file);
    try {
      expect(stores.fields.getField(1)!.functions).toEqual(['LEFT ALONE']);
      const locked = !stores.fields.getField(2)!.locked;
      expect(stores.fields.setLocked(2, locked, Date.UTC(2030, 0, 1))!.locked).toBe(locked);
    } finally {
      stores.close();
    }
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(after.prepare('SELECT field_id FROM lock_changes').pluck().all()).toEqual([2]);
    after.close();
  });
});

describe('a store written by schema version 4', () => {
  it('gives its tokens the editor role without being derived again', () => {
    openStore(file).close();
    const db = new Database(file);
    db.exec('ALTER TABLE tokens DROP COLUMN role; PRAGMA user_version = 4');
    db.prepare("INSERT INTO tokens (name, hash, created) VALUES ('ci', ?, 1)").run(
      hashToken('old-token').toString('hex'),
    );
    db.prepare('UPDATE fields SET functions = \'["LEFT ALONE"]\' WHERE id = 1').run();
    db.close();

    const stores = openStore(file);
    try {
      expect(stores.tokens.identify('old-token')).toEqual({ name: 'ci', role: 'editor' });
      expect(stores.fields.getField(1)!.functions).toEqual(['LEFT ALONE']);
    } finally {
      stores.close();
    }
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    after.close();
  });
});
