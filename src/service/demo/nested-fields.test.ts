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

/** Field id -> the ids it nests, as the service derived them; fields that nest none left out. */
function nestingById(): Map<number, number[]> {
  const nesting = new Map<number, number[]>();
  for (let id = 1; id <= FIELDS; id += 1) {
    const targets = stores.fields.getField(id)!.functionTemplateDependencies ?? [];
    if (targets.length > 0) nesting.set(id, targets);
  }
  return nesting;
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

  it('are about 5% of the fields, and the fields they nest are what `nested` finds', () => {
    const nesting = nestingById();
    expect(nesting.size / FIELDS).toBeGreaterThanOrEqual(0.03);
    expect(nesting.size / FIELDS).toBeLessThanOrEqual(0.07);
    const targets = new Set([...nesting.values()].flat().filter((id) => id <= FIELDS));
    expect(ids({ kind: 'flag', flag: 'nested', negated: false })).toEqual(
      [...targets].sort((a, b) => a - b),
    );
  });

  it('a few nest a field that nests another, forming chains', () => {
    const nesting = nestingById();
    const chains = [...nesting.values()].filter((targets) =>
      targets.some((target) => nesting.has(target)),
    );
    expect(chains.length).toBeGreaterThanOrEqual(2);
    expect(chains.length).toBeLessThanOrEqual(nesting.size / 3);
  });

  it('nest a deleted field once or twice, which makes them INVALID with a broken link', () => {
    const retired = instance.fields.filter((field) =>
      [...field.expression.matchAll(/SERVICE_BEAST_MODE\((\d+)\)/g)].some(
        ([, id]) => Number(id) > FIELDS,
      ),
    );
    expect(retired.length).toBeGreaterThanOrEqual(1);
    expect(retired.length).toBeLessThanOrEqual(2);
    for (const field of retired) {
      const stored = stores.fields.getField(field.id)!;
      expect(stored.status).toBe('INVALID');
      expect(stored.links).toContainEqual(
        expect.objectContaining({
          resource: {
            type: 'FUNCTION_TEMPLATE',
            id: String(stored.functionTemplateDependencies![0]),
          },
          valid: 'ILLEGAL_REFERENCE',
        }),
      );
    }
  });
});
