import { describe, expect, it } from 'vitest';
import type { NormalizedFilter } from '../../../contract/search-validation';
import { copyCountColumns } from './copy-sort-orders';
import { FieldIndex } from './field-index';
import type { IndexColumns } from './index-columns';
import { bitOf } from './index-columns';

// 1,000 fields with ids 1..1000 in name order; a few rare values, so searches take the
// path that checks a short list of candidates one by one.
const size = 1000;
const ids = Array.from({ length: size }, (_, position) => position + 1);

function columns(overrides: Partial<IndexColumns>): IndexColumns {
  return {
    ids: Float64Array.from(ids),
    nameKeys: ids.map((id) => `field ${String(id).padStart(4, '0')}`),
    owners: new Float64Array(size).fill(1),
    created: Float64Array.from(ids),
    lastModified: Float64Array.from(ids),
    flags: new Int32Array(size),
    statuses: ids.map(() => 'VALID'),
    fieldsByFunction: new Map(),
    fieldsByDataSource: new Map(),
    fieldsByCard: new Map(),
    fieldsByReference: new Map(),
    idOrder: ids,
    createdOrder: ids,
    lastModifiedOrder: ids,
    ownerNames: new Map(),
    copyCounts: copyCountColumns(ids.map(() => ({ links: 0, usage: 0, problems: 0 }))),
    ...overrides,
  };
}

const byName = (filters: NormalizedFilter[], ascending = true) => ({
  filters,
  sort: { field: 'name' as const, ascending },
  limit: 50,
});

describe('FieldIndex with few matches', () => {
  it('counts a field once when it has two of the values asked for', () => {
    const index = new FieldIndex(
      columns({
        fieldsByFunction: new Map([
          ['CONCAT', [7, 3]],
          ['UPPER', [3, 9]],
        ]),
      }),
    );
    expect(
      index.search(byName([{ kind: 'list', field: 'function', values: ['concat', 'upper'] }])),
    ).toEqual({ totalHits: 3, hasMore: false, ids: [3, 7, 9] });
  });

  it('gives the dependents of a field in name order, however they were stored', () => {
    const index = new FieldIndex(columns({ fieldsByReference: new Map([[5, [150, 12, 40]]]) }));
    const dependents = [{ kind: 'dependents' as const, fieldId: 5 }];
    expect(index.search(byName(dependents)).ids).toEqual([12, 40, 150]);
    expect(index.search(byName(dependents, false)).ids).toEqual([150, 40, 12]);
    expect(index.search({ ...byName(dependents), offset: 1, limit: 1 })).toEqual({
      totalHits: 3,
      hasMore: true,
      ids: [40],
    });
    expect(index.search(byName([{ kind: 'dependents', fieldId: 6 }])).totalHits).toBe(0);
  });
});

describe('FieldIndex with two flags under a name sort', () => {
  it('counts and pages every combination of two flags, also after a lock', () => {
    // Field id i is locked when i is a multiple of 3, archived when a multiple of 5.
    const flags = Int32Array.from(
      ids,
      (id) => (id % 3 === 0 ? bitOf('locked') : 0) | (id % 5 === 0 ? bitOf('archived') : 0),
    );
    const index = new FieldIndex(columns({ flags }));
    index.applyLock(1, true, 2000);
    index.applyLock(15, false, 2000);
    const isLocked = (id: number) => id === 1 || (id % 3 === 0 && id !== 15);
    for (const [notLocked, notArchived] of [
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ]) {
      const expected = ids.filter(
        (id) => isLocked(id) !== notLocked && (id % 5 === 0) !== notArchived,
      );
      const filters: NormalizedFilter[] = [
        { kind: 'flag', flag: 'locked', negated: notLocked! },
        { kind: 'flag', flag: 'archived', negated: notArchived! },
      ];
      expect(index.search({ ...byName(filters), offset: 10, limit: 5 })).toEqual({
        totalHits: expected.length,
        hasMore: true,
        ids: expected.slice(10, 15),
      });
      expect(index.search({ ...byName(filters.slice(0, 1)), offset: 5000 }).totalHits).toBe(
        ids.filter((id) => isLocked(id) !== notLocked).length,
      );
    }
  });
});
