import { expect, it } from 'vitest';
import type { CalculatedField } from '../../../contract/field';
import { calculatedField } from '../test-support/calculated-field';
import { FactsTable } from './facts-table';
import { factsOf } from './field-facts';
import { referencesBetweenFields } from './references-between-fields';

const LARGE_ID = 2 ** 40;

const field = (id: number, expression: string) => calculatedField({ id, expression });

const nesting = (...ids: number[]) => ids.map((id) => `SERVICE_BEAST_MODE(${id})`).join(' + ');

const referencesOf = (fields: CalculatedField[]) =>
  referencesBetweenFields(FactsTable.of(fields.map(factsOf)).asColumns(), undefined);

it('reads back, as maps, who nests whom: a cycle, a deleted id, a field nesting itself, an id past 32 bits', () => {
  const references = referencesOf([
    field(1, nesting(2, 99)),
    field(2, nesting(3)),
    field(3, nesting(2)),
    field(4, nesting(4)),
    field(5, nesting(4, 1, 4)),
    field(6, '1'),
    field(LARGE_ID, nesting(5)),
  ]);
  expect(new Map(references.references)).toEqual(
    new Map([
      [1, [2, 99]],
      [2, [3]],
      [3, [2]],
      [4, [4]],
      [5, [4, 1]],
      [LARGE_ID, [5]],
    ]),
  );
  expect(new Map(references.nests)).toEqual(
    new Map([
      [1, [2]],
      [2, [3]],
      [3, [2]],
      [4, [4]],
      [5, [4, 1]],
      [LARGE_ID, [5]],
    ]),
  );
  // Each list ascending; nesting itself is no use, so 4 is nested by 5 alone.
  expect(new Map(references.referencedBy)).toEqual(
    new Map([
      [1, [5]],
      [2, [1, 3]],
      [3, [2]],
      [4, [5]],
      [5, [LARGE_ID]],
    ]),
  );
  expect(new Map(references.unknown)).toEqual(new Map([[1, [99]]]));
  expect([...references.cycles.keys()].sort()).toEqual([2, 3, 4]);
  expect(references.referencedBy.has(6)).toBe(false);
  expect(references.nests.get(6)).toBeUndefined();
});

it('an empty snapshot has no references', () => {
  const references = referencesOf([]);
  for (const lists of [
    references.references,
    references.nests,
    references.referencedBy,
    references.unknown,
  ]) {
    expect(lists.size).toBe(0);
    expect([...lists]).toEqual([]);
  }
  expect(references.cycles.size).toBe(0);
});
