import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NormalizedFilter } from '../../contract/search-validation';
import type { FieldRecordInput, InstanceFile, LinkRecord } from './instance-file';
import type { Stores } from '../store/open-store';
import { openStore } from '../store/open-store';
import { fixtureInstance, SALES, SALES_CARD, TICKETS } from '../test-support/fixture-instance';
import { importInstance } from './import-instance';

let dir: string;
let stores: Stores;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-nested-'));
  stores = openStore(join(dir, 'store.sqlite'));
  expect(importInstance(stores.fields, fixtureInstance, 1_000).refusals).toEqual([]);
});
afterEach(() => {
  stores.close();
  rmSync(dir, { recursive: true, force: true });
});

const onSales: LinkRecord = { type: 'DATA_SOURCE', id: SALES, visible: true, active: true };
const onTickets: LinkRecord = { type: 'DATA_SOURCE', id: TICKETS, visible: true, active: true };
const onSalesCard: LinkRecord = { type: 'CARD', id: SALES_CARD, visible: true, active: true };

/** Imports fields alone (the fixture's owners, data sources and cards are stored). */
function importFields(fields: FieldRecordInput[], now = 2_000) {
  const file: InstanceFile = { ...fixtureInstance, owners: [], dataSources: [], cards: [], fields };
  return importInstance(stores.fields, file, now);
}

function field(
  id: number,
  name: string,
  expression: string,
  links: LinkRecord[] = [onSales],
): FieldRecordInput {
  return { id, name, owner: 101, expression, links };
}

function idsMatching(...filters: NormalizedFilter[]): number[] {
  return stores.fields
    .search({ filters, sort: { field: 'id', ascending: true }, limit: 100 })
    .results.map((json) => (JSON.parse(json) as { id: number }).id);
}

const dependentsOf = (fieldId: number | undefined): NormalizedFilter => ({
  kind: 'dependents',
  fieldId,
});
const nested: NormalizedFilter = { kind: 'flag', flag: 'nested', negated: false };

describe('nested references on import', () => {
  it('a name that is another field on the same data source references it and is not illegal', () => {
    // Field 1 is "Gross Margin" on Sales.
    const report = importFields([field(20, 'Margin x 100', '`Gross Margin` * 100')]);
    expect(report.refusals).toEqual([]);
    const stored = stores.fields.getField(20)!;
    expect(stored.links[0]!.valid).toBe('VALID');
    expect(stored.status).toBe('VALID');
    expect(stored.columnPositions).toEqual([{ columnName: '`Gross Margin`', columnPosition: 0 }]);
    expect(idsMatching(nested)).toEqual([20]);
    expect(idsMatching(dependentsOf(1))).toEqual([20]);
  });

  it('resolves through a card built on the data source, and chains', () => {
    importFields([
      field(20, 'Margin Pct', '`Gross Margin` * 100', [onSalesCard]),
      field(21, 'Margin Label', "CONCAT(`Margin Pct`, '%')"),
    ]);
    expect(stores.fields.getField(20)!.links[0]!.valid).toBe('VALID');
    expect(stores.fields.getField(21)!.links[0]!.valid).toBe('VALID');
    expect(idsMatching(dependentsOf(1))).toEqual([20]);
    expect(idsMatching(dependentsOf(20))).toEqual([21]);
    expect(idsMatching(nested)).toEqual([20, 21]);
  });

  it('does not reach a field on another data source', () => {
    importFields([field(20, 'Tickets Margin', '`Gross Margin` * 2', [onTickets])]);
    expect(stores.fields.getField(20)!.links[0]!.valid).toBe('ILLEGAL_REFERENCE');
    expect(idsMatching(nested)).toEqual([]);
  });

  it('reads a name as a column first, even when a field has it too', () => {
    importFields([
      field(20, 'Revenue', 'SUM(`Cost`)'),
      field(21, 'Revenue Twice', '`Revenue` * 2'),
    ]);
    expect(stores.fields.getField(21)!.links[0]!.valid).toBe('VALID');
    expect(idsMatching(dependentsOf(20))).toEqual([]);
  });

  it('references every field that has the name', () => {
    importFields([
      field(20, 'Shared', '1'),
      field(21, 'Shared', '2', [onSalesCard]),
      field(22, 'Uses Shared', '`Shared` + 1'),
    ]);
    expect(idsMatching(dependentsOf(20))).toEqual([22]);
    expect(idsMatching(dependentsOf(21))).toEqual([22]);
  });

  it('makes every field in a cycle INVALID, and says which cycle', () => {
    const report = importFields([
      field(20, 'Alpha', '`Beta` + 1'),
      field(21, 'Beta', '`Gamma` * 2'),
      field(22, 'Gamma', '`Alpha` - 1'),
      field(23, 'Uses Alpha', '`Alpha` / 2'),
      field(24, 'Itself', '`Itself` + 1'),
    ]);
    expect(report.refusals).toEqual([]);
    expect([20, 21, 22, 23, 24].map((id) => stores.fields.getField(id)!.status)).toEqual([
      'INVALID',
      'INVALID',
      'INVALID',
      'VALID',
      'INVALID',
    ]);
    expect(report.cycles).toEqual([
      {
        fieldId: 20,
        name: 'Alpha',
        message: expect.stringMatching(
          /^part of a reference cycle: `Alpha` → `Beta` → `Gamma` → `Alpha`; a field cannot depend on itself$/,
        ),
      },
      expect.objectContaining({
        fieldId: 21,
        message: expect.stringContaining('`Beta` → `Gamma` → `Alpha` → `Beta`'),
      }),
      expect.objectContaining({ fieldId: 22 }),
      {
        fieldId: 24,
        name: 'Itself',
        message: 'part of a reference cycle: `Itself` → `Itself`; a field cannot depend on itself',
      },
    ]);
    expect(idsMatching({ kind: 'flag', flag: 'invalid', negated: false })).toEqual([
      6, 20, 21, 22, 24,
    ]);
  });

  it('updates stored fields when the field they name arrives, changes name or closes a cycle', () => {
    importFields([field(20, 'Uses Later', '`Later Field` + 1')], 2_000);
    expect(stores.fields.getField(20)!.links[0]!.valid).toBe('ILLEGAL_REFERENCE');
    const before = stores.fields.getField(20)!;

    importFields([field(21, 'Later Field', 'SUM(`Cost`)')], 3_000);
    const after = stores.fields.getField(20)!;
    expect(after.links[0]!.valid).toBe('VALID');
    expect(after.lastModified).toBe(before.lastModified);
    expect(after.expression).toBe(before.expression);
    expect(idsMatching(dependentsOf(21))).toEqual([20]);
    expect(idsMatching({ kind: 'flag', flag: 'invalidlink', negated: false })).not.toContain(20);

    // Renamed: the stored reference is broken again.
    importFields([field(21, 'Renamed Field', 'SUM(`Cost`)')], 4_000);
    expect(stores.fields.getField(20)!.links[0]!.valid).toBe('ILLEGAL_REFERENCE');
    expect(idsMatching(dependentsOf(21))).toEqual([]);

    // A new field referencing field 20 under 20's name, which 20 references back.
    const report = importFields([field(21, 'Later Field', '`Uses Later` * 2')], 5_000);
    expect(report.cycles.map((cycle) => cycle.fieldId)).toEqual([20, 21]);
    expect(stores.fields.getField(20)!.status).toBe('INVALID');
    expect(stores.fields.getField(20)!.lastModified).toBe(before.lastModified);
  });

  it('never rewrites what a locked field was authored with, though its links follow the fields it names', () => {
    importFields([field(20, 'Locked User', '`Named Later` * 2')]);
    stores.fields.setLocked(20, true, 2_500);
    const locked = stores.fields.getField(20)!;
    expect(locked.links[0]!.valid).toBe('ILLEGAL_REFERENCE');

    const refused = importFields([{ ...field(20, 'Locked User', '1'), locked: true }], 3_000);
    expect(refused.refusals.map((refusal) => refusal.problem)).toEqual([
      'field 20 is locked in the store and cannot be altered; unlock it first',
    ]);
    expect(stores.fields.getField(20)).toEqual(locked);

    importFields([field(21, 'Named Later', '1')], 4_000);
    const after = stores.fields.getField(20)!;
    expect(after).toEqual({ ...locked, links: [{ ...locked.links[0]!, valid: 'VALID' }] });
  });

  it('a templateDependencies id that is no field matches nothing', () => {
    importFields([field(20, 'Margin x 100', '`Gross Margin` * 100')]);
    expect(idsMatching(dependentsOf(999))).toEqual([]);
    expect(idsMatching(dependentsOf(undefined))).toEqual([]);
    expect(idsMatching({ kind: 'flag', flag: 'nested', negated: true })).not.toContain(20);
  });
});
