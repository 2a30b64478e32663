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

const nest = (id: number) => `SERVICE_BEAST_MODE(${id})`;
const functionTemplateLink = (id: number, valid = 'VALID') => ({
  resource: { type: 'FUNCTION_TEMPLATE', id: String(id) },
  visible: false,
  active: true,
  valid,
});

describe('nested references on import', () => {
  it('SERVICE_BEAST_MODE(<id>) nests that field: dependencies, a FUNCTION_TEMPLATE link, no function', () => {
    // Field 1 is "Gross Margin" on Sales.
    const report = importFields([field(20, 'Margin x 100', `${nest(1)} * 100`)]);
    expect(report.refusals).toEqual([]);
    const stored = stores.fields.getField(20)!;
    expect(stored.status).toBe('VALID');
    expect(stored.functionTemplateDependencies).toEqual([1]);
    expect(stored.links).toEqual([
      { resource: { type: 'DATA_SOURCE', id: SALES }, visible: true, active: true, valid: 'VALID' },
      functionTemplateLink(1),
    ]);
    expect(stored.functions).toEqual(['SERVICE_OP_MULTIPLY']);
    expect(stored.columnPositions).toEqual([]);
    expect(idsMatching(dependentsOf(1))).toEqual([20]);
  });

  it('`nested` finds the field another nests; `notnested` the others', () => {
    importFields([
      field(20, 'Margin Pct', `${nest(1)} * 100`, [onSalesCard]),
      field(21, 'Margin Label', `CONCAT(${nest(20)}, '%')`, [onTickets]),
    ]);
    expect(idsMatching(nested)).toEqual([1, 20]);
    expect(idsMatching({ kind: 'flag', flag: 'nested', negated: true })).not.toContain(1);
    expect(idsMatching({ kind: 'flag', flag: 'nested', negated: true })).toContain(21);
    expect(idsMatching(dependentsOf(1))).toEqual([20]);
    expect(idsMatching(dependentsOf(20))).toEqual([21]);
  });

  it('a field that nests itself is not nested by another', () => {
    importFields([field(20, 'Itself', `${nest(20)} + 1`)]);
    expect(idsMatching(nested)).toEqual([]);
    expect(idsMatching(dependentsOf(20))).toEqual([20]);
  });

  it('takes a backtick name as a column, even when a field on the data source has that name', () => {
    importFields([field(20, 'Uses a name', '`Gross Margin` * 100')]);
    const stored = stores.fields.getField(20)!;
    expect(stored.links).toEqual([expect.objectContaining({ valid: 'ILLEGAL_REFERENCE' })]);
    expect(stored.functionTemplateDependencies).toEqual([]);
    expect(idsMatching(dependentsOf(1))).toEqual([]);
  });

  it('makes every field in a cycle INVALID, and says which cycle', () => {
    const report = importFields([
      field(20, 'Alpha', `${nest(21)} + 1`),
      field(21, 'Beta', `${nest(22)} * 2`),
      field(22, 'Gamma', `${nest(20)} - 1`),
      field(23, 'Uses Alpha', `${nest(20)} / 2`),
      field(24, 'Itself', `${nest(24)} + 1`),
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

  it('an id with no field makes the field INVALID with a broken link, and templateDependencies still finds it', () => {
    importFields([field(20, 'Uses Later', `${nest(21)} + 1`)], 2_000);
    const before = stores.fields.getField(20)!;
    expect(before.status).toBe('INVALID');
    expect(before.links[1]).toEqual(functionTemplateLink(21, 'ILLEGAL_REFERENCE'));
    expect(idsMatching(dependentsOf(21))).toEqual([20]);
    expect(idsMatching({ kind: 'flag', flag: 'invalidlink', negated: false })).toContain(20);

    // The field arrives: the stored one becomes VALID without being rewritten.
    importFields([field(21, 'Later Field', 'SUM(`Cost`)')], 3_000);
    const after = stores.fields.getField(20)!;
    expect(after.status).toBe('VALID');
    expect(after.links[1]).toEqual(functionTemplateLink(21));
    expect(after.lastModified).toBe(before.lastModified);
    expect(after.expression).toBe(before.expression);
    expect(idsMatching(nested)).toEqual([21]);

    // A new version of 21 nesting 20 closes a cycle.
    const report = importFields([field(21, 'Later Field', `${nest(20)} * 2`)], 5_000);
    expect(report.cycles.map((cycle) => cycle.fieldId)).toEqual([20, 21]);
    expect(stores.fields.getField(20)!.status).toBe('INVALID');
    expect(stores.fields.getField(20)!.lastModified).toBe(before.lastModified);
  });

  it('never rewrites what a locked field was authored with, though its links follow the fields it nests', () => {
    importFields([field(20, 'Locked User', `${nest(21)} * 2`)]);
    stores.fields.setLocked(20, true, 2_500);
    const locked = stores.fields.getField(20)!;
    expect(locked.links[1]!.valid).toBe('ILLEGAL_REFERENCE');

    const refused = importFields([{ ...field(20, 'Locked User', '1'), locked: true }], 3_000);
    expect(refused.refusals.map((refusal) => refusal.problem)).toEqual([
      'field 20 is locked in the store and cannot be altered; unlock it first',
    ]);
    expect(stores.fields.getField(20)).toEqual(locked);

    importFields([field(21, 'Nested Later', '1')], 4_000);
    const after = stores.fields.getField(20)!;
    expect(after).toEqual({
      ...locked,
      status: 'VALID',
      links: [locked.links[0], functionTemplateLink(21)],
    });
  });

  it('a templateDependencies id that no field ever nested matches nothing', () => {
    importFields([field(20, 'Margin x 100', `${nest(1)} * 100`)]);
    expect(idsMatching(dependentsOf(999))).toEqual([]);
    expect(idsMatching(dependentsOf(undefined))).toEqual([]);
  });
});
