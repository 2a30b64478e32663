import { describe, expect, it } from 'vitest';
import { demoFacts } from '../test-support/demo-facts';
import { computeFindings } from './compute-findings';
import { FactsTable } from './facts-table';
import type { FieldFacts } from './field-facts';

/** Facts of a seeded demo instance: duplicates, links, nested references, problems and lint among them. */
const seeded = demoFacts(400, 5);

/** A small generator of whole numbers below `below`, the same for the same seed. */
function randomOf(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % below;
  };
}

/**
 * Changes as scans and locks make them: fields removed, changed into another's facts
 * (links, status, check sum, lint), locked, and added, some with texts the table
 * has not seen, some a near duplicate of another field (same shape, not the same
 * check sum), some an exact one.
 */
function randomChanges(seed: number): Array<[number, FieldFacts | undefined]> {
  const random = randomOf(seed);
  const pick = () => seeded[random(seeded.length)]!;
  const changes: Array<[number, FieldFacts | undefined]> = [];
  for (let change = 0; change < 60; change += 1) {
    const field = pick();
    const other = pick();
    switch (random(6)) {
      case 0:
        changes.push([field.id, undefined]);
        break;
      case 1:
        changes.push([field.id, { ...other, id: field.id, name: field.name }]);
        break;
      case 2:
        changes.push([field.id, { ...field, locked: !field.locked, archived: !field.archived }]);
        break;
      case 3:
        changes.push([
          100_000 + change,
          {
            ...other,
            id: 100_000 + change,
            links: [
              { type: 'CARD', id: `card-${seed}`, visible: true, active: true, valid: 'BAD' },
            ],
            lint: [{ rule: 'new-rule', message: `new message ${change}` }],
            checkSum: change % 2 === 0 ? 'A1B2' : other.checkSum,
          },
        ]);
        break;
      case 4:
        changes.push([
          100_000 + change,
          { ...other, id: 100_000 + change, checkSum: 'ab'.repeat(20) },
        ]);
        break;
      default:
        changes.push([
          100_000 + change,
          { ...other, id: 100_000 + change, name: `copy ${change}` },
        ]);
    }
  }
  return changes;
}

const noExpressions = () => new Map<number, string>();

describe('computeFindings', () => {
  it.each([1, 2, 3, 4, 5])(
    'of a table carrying changes are those of the same facts in columns of their own (seed %i)',
    (seed) => {
      const changed = FactsTable.of(seeded).with(randomChanges(seed));
      const fresh = FactsTable.of([...changed.values()]);
      const found = computeFindings(changed, noExpressions);
      const expected = computeFindings(fresh, noExpressions);
      expect(found.headline).toEqual(expected.headline);
      expect(found.byKey).toEqual(expected.byKey);
      // The findings' facts are the same, merged into columns of their own.
      expect([...found.fields.entries()]).toEqual([...changed.entries()]);
      expect(found.fields.pack().changed).toEqual([]);
      expect(found.headline.exactDuplicates).toBeGreaterThan(0);
      expect(found.headline.nearDuplicates).toBeGreaterThan(0);
      expect(found.headline.brokenReferences).toBeGreaterThan(0);
    },
  );
});
