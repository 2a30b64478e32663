import { expect, it } from 'vitest';
import type { FindingKey } from '../../../contract/audit';
import { problemsTableFindings } from '../../../contract/audit';
import { demoFacts } from '../test-support/demo-facts';
import { computeFindings } from './compute-findings';
import { problemsByOwnerAndDataSource } from './describe-findings';

it('counts each finding the tables show per owner and per data source, passing over an id no field has', () => {
  const found = computeFindings(demoFacts(400, 7), () => new Map());
  // Counted the plain way: each finding's fields read one by one.
  const counts = { owner: new Map<string, number>(), dataSource: new Map<string, number>() };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const key of problemsTableFindings) {
    const finding = found.byKey[key];
    for (const id of finding.ids) {
      const field = found.fields.get(id)!;
      count(counts.owner, String(field.owner));
      const dataSources = field.links.filter((link) => link.type === 'DATA_SOURCE');
      for (const dataSource of new Set(dataSources.map((link) => link.id))) {
        count(counts.dataSource, dataSource);
      }
    }
  }
  const weight = (row: { counts: Record<FindingKey, number> }) =>
    problemsTableFindings.reduce((sum, key) => sum + row.counts[key], 0);
  const both = problemsByOwnerAndDataSource(found);
  for (const [by, rowsBy] of [
    ['owner', 'owners'],
    ['dataSource', 'dataSources'],
  ] as const) {
    const { rows, total } = both[rowsBy];
    expect(total).toBe(counts[by].size);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(weight(row)).toBe(counts[by].get(row.id));
  }

  const { unused } = found.byKey;
  const stray = {
    ...found,
    byKey: { ...found.byKey, unused: { ...unused, ids: [-5, ...unused.ids, 1e12] } },
  };
  expect(problemsByOwnerAndDataSource(stray)).toEqual(both);
});
