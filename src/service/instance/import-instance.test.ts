import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Stores } from '../store/open-store';
import { openStore } from '../store/open-store';
import { fixtureInstance, SALES } from '../test-support/fixture-instance';
import { importInstance } from './import-instance';

let dir: string;
let stores: Stores;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-import-'));
  stores = openStore(join(dir, 'store.sqlite'));
});
afterEach(() => {
  stores.close();
  rmSync(dir, { recursive: true, force: true });
});

const clone = () => structuredClone(fixtureInstance);

describe('import', () => {
  it('stores every record and derives what the expression says', () => {
    const report = importInstance(stores.fields, clone(), 1_000);
    expect(report).toEqual({
      imported: { owners: 3, dataSources: 2, cards: 2, fields: 14 },
      refusals: [],
      cycles: [],
    });
    const field = stores.fields.getField(1)!;
    expect(field.checkSum).toMatch(/^[0-9a-f]{40}$/);
    expect(field.columnPositions.map((position) => position.columnName)).toEqual([
      '`Revenue`',
      '`Cost`',
      '`Revenue`',
    ]);
    expect(field.status).toBe('VALID');
    expect(field.aggregated).toBe(true);
    expect(stores.fields.getField(6)!.status).toBe('INVALID');
    expect(stores.fields.getField(7)!.links[0]!.valid).toBe('ILLEGAL_REFERENCE');
  });

  it('refuses the whole file when one record is bad, naming the record and the problem', () => {
    const instance = clone();
    (instance.fields[3] as { owner: number }).owner = 999;
    (instance.fields[5] as { expression: unknown }).expression = 42;
    const report = importInstance(stores.fields, instance);
    expect(report.imported.fields).toBe(0);
    expect(report.refusals).toEqual([
      { record: 'fields[5] (id 6)', problem: expect.stringMatching(/^expression: /) },
      {
        record: 'fields[3] (id 4)',
        problem: "owner 999 is neither in the file's owners nor in the store",
      },
    ]);
    expect(stores.fields.statistics().total).toBe(0);
  });

  it('refuses a record nested thousands of levels deep by name, without crashing', () => {
    const deep = (depth: number, inner: unknown): unknown => {
      let value = inner;
      for (let level = 0; level < depth; level += 1) value = [value];
      return value;
    };
    const instance = clone() as { fields: Array<Record<string, unknown>> };
    instance.fields[0]!.id = deep(20_000, 1);
    instance.fields[2]!.links = deep(20_000, {});
    const report = importInstance(stores.fields, instance);
    expect(report.imported.fields).toBe(0);
    expect(report.refusals).toEqual([
      {
        record: 'fields[0] (id [[[[...]]]])',
        problem: 'it nests arrays and objects more than 32 levels deep',
      },
      {
        record: 'fields[2] (id 3)',
        problem: 'it nests arrays and objects more than 32 levels deep',
      },
    ]);
  });

  it('refuses repeated ids and links to nothing', () => {
    const instance = clone();
    instance.fields.push({ ...instance.fields[0]!, name: 'again' });
    instance.fields[1]!.links = [{ type: 'CARD', id: 'dr:9:9', visible: true, active: true }];
    const report = importInstance(stores.fields, instance);
    expect(report.refusals.map((refusal) => refusal.problem)).toEqual([
      'the id 1 appears twice in fields',
      'its link to CARD dr:9:9 points at nothing in the file or the store',
    ]);
  });

  it('never overwrites a locked field', () => {
    importInstance(stores.fields, clone(), 1_000);
    const locked = stores.fields.getField(2)!;
    const instance = clone();
    instance.fields[1]!.expression = 'SUM(`Cost`)';
    const report = importInstance(stores.fields, instance, 2_000);
    expect(report.refusals).toEqual([
      {
        record: 'fields[1] (id 2)',
        problem: 'field 2 is locked in the store and cannot be altered; unlock it first',
      },
    ]);
    expect(stores.fields.getField(2)).toEqual(locked);
    stores.fields.setLocked(2, false, 3_000);
    expect(importInstance(stores.fields, instance, 4_000).refusals).toEqual([]);
    expect(stores.fields.getField(2)!.expression).toBe('SUM(`Cost`)');
  });

  it('keeps legacy ids across a re-import', () => {
    importInstance(stores.fields, clone(), 1_000);
    const legacyId = stores.fields.getField(9)!.legacyId;
    const instance = clone();
    instance.fields = instance.fields.filter((field) => !field.locked);
    importInstance(stores.fields, instance, 2_000);
    expect(stores.fields.getField(9)!.legacyId).toBe(legacyId);
  });

  it('computes link validity again when a data source gains a column', () => {
    importInstance(stores.fields, clone(), 1_000);
    expect(stores.fields.getField(7)!.links[0]!.valid).toBe('ILLEGAL_REFERENCE');
    const sales = clone().dataSources.find((source) => source.id === SALES)!;
    const report = importInstance(stores.fields, {
      ...clone(),
      owners: [],
      cards: [],
      fields: [],
      dataSources: [{ ...sales, columns: [...sales.columns, 'Profit'] }],
    });
    expect(report.refusals).toEqual([]);
    expect(stores.fields.getField(7)!.links[0]!.valid).toBe('VALID');
    expect(
      stores.fields
        .search({
          filters: [{ kind: 'flag', flag: 'invalidlink', negated: false }],
          sort: { field: 'id', ascending: true },
          limit: 10,
        })
        .results.map((json) => JSON.parse(json).id),
    ).toEqual([14]);
  });

  it('refuses a file that is not an instance file', () => {
    expect(importInstance(stores.fields, { hello: 1 }).refusals[0]!.record).toBe('the file');
  });
});
