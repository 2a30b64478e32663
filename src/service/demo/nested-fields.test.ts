import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NormalizedFilter } from '../../contract/search-validation';
import type { ImportReport } from '../instance/import-instance';
import { importInstance } from '../instance/import-instance';
import type { Stores } from '../store/open-store';
import { openStore } from '../store/open-store';
import { generateDemoInstance } from './generate-demo-instance';

// The demo imported into a real store, so the service itself says which fields
// reference which.
const FIELDS = 2_000;
const instance = generateDemoInstance({ fields: FIELDS });
let dir: string;
let stores: Stores;
let report: ImportReport;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-demo-nested-'));
  stores = openStore(join(dir, 'store.sqlite'));
  report = importInstance(stores.fields, instance);
});
afterAll(() => {
  stores.close();
  rmSync(dir, { recursive: true, force: true });
});

function ids(...filters: NormalizedFilter[]): number[] {
  return stores.fields
    .search({ filters, sort: { field: 'id', ascending: true }, limit: 5000 })
    .results.map((json) => (JSON.parse(json) as { id: number }).id);
}

/** Field id -> the ids of the fields it references, as the service derived them. */
function referencesById(nestedIds: number[]): Map<number, number[]> {
  const targetsOf = new Map<number, number[]>(nestedIds.map((id) => [id, []]));
  for (let target = 1; target <= FIELDS; target += 1) {
    for (const id of ids({ kind: 'dependents', fieldId: target })) targetsOf.get(id)!.push(target);
  }
  return targetsOf;
}

describe('nested fields of the demo instance', () => {
  it('import cleanly, with no reference cycle', () => {
    expect(report.refusals).toEqual([]);
    expect(report.cycles).toEqual([]);
  });

  it.each([2, 3, 4])('never form a cycle, whatever the seed (seed %i)', (seed) => {
    const other = openStore(join(dir, `seed-${seed}.sqlite`));
    try {
      const seeded = importInstance(other.fields, generateDemoInstance({ fields: 3_000, seed }));
      expect(seeded.refusals).toEqual([]);
      expect(seeded.cycles).toEqual([]);
    } finally {
      other.close();
    }
  });

  it('are about 5% of the fields', () => {
    const share = ids({ kind: 'flag', flag: 'nested', negated: false }).length / FIELDS;
    expect(share).toBeGreaterThanOrEqual(0.03);
    expect(share).toBeLessThanOrEqual(0.07);
  });

  it('reference fields of their own data source, and a few form chains three deep', () => {
    const nested = ids({ kind: 'flag', flag: 'nested', negated: false });
    const targetsOf = referencesById(nested);
    const isNested = new Set(nested);
    const chains = nested.filter((id) => targetsOf.get(id)!.some((target) => isNested.has(target)));
    expect(chains.length).toBeGreaterThanOrEqual(2);
    expect(chains.length).toBeLessThanOrEqual(nested.length / 3);
  });

  it('name a deleted field once or twice, which breaks their links', () => {
    const retired = instance.fields.filter((field) => field.expression.includes('(retired)`'));
    expect(retired.length).toBeGreaterThanOrEqual(1);
    expect(retired.length).toBeLessThanOrEqual(2);
    for (const field of retired) {
      const stored = stores.fields.getField(field.id)!;
      expect(stored.links.some((link) => link.valid === 'ILLEGAL_REFERENCE')).toBe(
        stored.links.length > 0,
      );
    }
  });
});
