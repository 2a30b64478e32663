import { describe, expect, it } from 'vitest';
import { deriveFields } from '../../fields/derive-fields';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { SeededRandom } from '../../demo/seeded-random';
import { importInstance } from '../../instance/import-instance';
import { IndexedFieldStore } from '../indexed-field-store';
import { openDatabase } from './open-database';
import { readAuthoredFields, readInstanceShape } from './read-stored-fields';
import { SqliteFieldStore } from './sqlite-field-store';

// Each write derives only the fields it can affect (affected-fields.ts). After any
// sequence of writes, the store must hold exactly what deriving every field from
// what was authored gives: the same status, link validity and references.
describe('writes derive what deriving every field gives', () => {
  it.each([1, 2, 3])(
    'after a seeded run of renames, new expressions, creates and deletes (seed %i)',
    (seed) => {
      const db = openDatabase(':memory:');
      const sqlite = new SqliteFieldStore(db);
      const store = new IndexedFieldStore(sqlite);
      const instance = generateDemoInstance({ fields: 300, seed });
      expect(importInstance(store, instance, 1).refusals).toEqual([]);
      const random = new SeededRandom(seed);
      const ids = () =>
        db.prepare<[], number>('SELECT id FROM fields WHERE locked = 0').pluck().all();
      const pick = <T>(items: readonly T[]) => items[random.int(0, items.length - 1)]!;
      // Names no field has yet, written before a field takes one of them.
      const nameOf = (id: number) =>
        random.chance(0.3) ? `Future ${random.int(0, 5)}` : sqlite.getField(id)!.name;

      for (let step = 0; step < 120; step += 1) {
        const id = pick(ids());
        const other = pick(ids());
        const kind = random.int(0, 3);
        if (kind === 0) store.updateField(id, { name: nameOf(other) }, 2);
        else if (kind === 1)
          store.updateField(
            id,
            { expression: `\`${nameOf(other)}\` + \`${nameOf(pick(ids()))}\`` },
            2,
          );
        else if (kind === 2) store.deleteField(id);
        else {
          const field = sqlite.getField(other)!;
          store.createField(
            {
              name: nameOf(pick(ids())),
              owner: field.owner,
              expression: `\`${nameOf(id)}\` * 2`,
              links: field.links.filter((link) => link.resource.type === 'DATA_SOURCE').slice(0, 1),
            },
            2,
          );
        }
      }

      const everything = deriveFields(readAuthoredFields(db), [], readInstanceShape(db));
      const references = db.prepare<[number], number>(
        'SELECT target_id FROM field_references WHERE field_id = ? ORDER BY target_id',
      );
      for (const { field, references: expected } of everything.fields) {
        const stored = sqlite.getField(field.id)!;
        expect({ id: field.id, status: stored.status, links: stored.links }).toEqual({
          id: field.id,
          status: field.status,
          links: field.links,
        });
        expect(references.pluck().all(field.id)).toEqual(expected);
      }
      db.close();
    },
  );
});
