import fc from 'fast-check';
import { afterEach, expect, it } from 'vitest';
import type { CalculatedField } from '../../contract/field';
import type { FieldChange } from '../../contract/journal';
import { fixtureInstance } from '../test-support/fixture-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';
import { recordedProperties } from './field-states';
import { journalClient } from './test-support';

let server: TestServer | undefined;
afterEach(() => server?.close());

/** Fields free of cards and nesting, so every change can be undone. */
const fieldIds = [3, 4, 5, 6, 7, 10, 11, 12, 13];

const changeArbitrary: fc.Arbitrary<FieldChange> = fc.oneof(
  fc.record({ update: fc.record({ name: fc.constantFrom('A', 'B', 'C') }) }),
  fc.record({ update: fc.record({ owner: fc.constantFrom(101, 102, 103) }) }),
  fc.record({ update: fc.record({ archived: fc.boolean(), hidden: fc.boolean() }) }),
  fc.record({ update: fc.record({ expression: fc.constantFrom('1 + 2', '`Amount` * 3') }) }),
  fc.record({ update: fc.record({ locked: fc.boolean() }) }),
  fc.constant({ delete: true as const }),
);

const stepArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('change' as const),
    items: fc.uniqueArray(
      fc.record({ id: fc.constantFrom(...fieldIds), change: changeArbitrary }),
      {
        minLength: 1,
        maxLength: 4,
        selector: (item) => item.id,
      },
    ),
  }),
  fc.record({ kind: fc.constant('undo' as const), which: fc.nat() }),
);

const recorded = (field: CalculatedField | undefined | null) =>
  field
    ? Object.fromEntries(recordedProperties.map((property) => [property, field[property]]))
    : null;

it('undo puts back every field not changed again since, exactly as it was before the set', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), async (steps) => {
      // Each sequence starts from the fixture as it is imported.
      await server?.close();
      server = await startTestServer({ instance: fixtureInstance, withJournal: true });
      const client = journalClient(server);
      /** Sets of this run, in order, with the fields each applied a change to. */
      const sets: Array<{ id: number; fields: Set<number> }> = [];
      for (const step of steps) {
        if (step.kind === 'change') {
          const detail = await client.run({
            kind: 'edit',
            allowUsed: true,
            allowInvalid: true,
            items: step.items,
          });
          const applied = detail.items.filter((item) => item.state === 'applied');
          sets.push({
            id: detail.changeSet.id,
            fields: new Set(applied.map((item) => item.fieldId)),
          });
          continue;
        }
        if (sets.length === 0) continue;
        const index = step.which % sets.length;
        const target = sets[index]!;
        const { status, body } = await client.undo(target.id);
        if (status === 409) continue; // undone already
        const changedSince = new Set(sets.slice(index + 1).flatMap((set) => [...set.fields]));
        const undo = await client.finished(body.changeSet!.id);
        const original = (await client.detail(target.id)).body.items.filter(
          (item) => item.state === 'applied',
        );
        for (const item of original) {
          if (changedSince.has(item.fieldId)) continue;
          expect(recorded(await client.field(item.fieldId)), `field ${item.fieldId}`).toEqual(
            recorded(item.before),
          );
        }
        sets.push({
          id: undo.changeSet.id,
          fields: new Set(
            undo.items.filter((item) => item.state === 'applied').map((item) => item.fieldId),
          ),
        });
      }
    }),
    { numRuns: 15 },
  );
}, 120_000);
