import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangeKind, Headline } from '../../../contract/audit';
import { INVALID, VALID } from '../../../contract/field';
import type { CalculatedField } from '../../../contract/field';
import { checkSumOf } from '../../fields/check-sum';
import { AuditStore } from '../storage/audit-store';
import { openAuditDatabase } from '../storage/open-audit-database';
import { completeScan } from '../scan/finish-scan';
import { saveFieldVersion } from '../storage/save-field-version';
import { calculatedField } from '../test-support/calculated-field';
import { withStates } from './diff-pages';
import { diffScans } from './diff-scans';

const headline: Headline = {
  total: 0,
  locked: 0,
  archived: 0,
  invalid: 0,
  brokenReferences: 0,
  unused: 0,
  exactDuplicates: 0,
  nearDuplicates: 0,
  nested: 0,
  brokenDependencies: 0,
  lint: 0,
  inactiveOwners: 0,
  hiddenNameCharacters: 0,
};

function fieldOf(id: number, traits: Traits): CalculatedField {
  return calculatedField({
    id,
    name: traits.name,
    owner: traits.owner,
    locked: traits.locked,
    expression: traits.expression,
    checkSum: checkSumOf(traits.expression),
    status: traits.valid ? VALID : INVALID,
    archived: traits.archived,
  });
}

interface Traits {
  name: string;
  owner: number;
  locked: boolean;
  valid: boolean;
  archived: boolean;
  expression: string;
}

const traits = fc.record({
  name: fc.constantFrom('A', 'B', 'C'),
  owner: fc.constantFrom(1, 2),
  locked: fc.boolean(),
  valid: fc.boolean(),
  archived: fc.boolean(),
  expression: fc.constantFrom('1', 'SUM(`x`)', '`y` + 1'),
});

/** Two snapshots over ids 1..12: each id absent, or present with some traits. */
const snapshots = fc.tuple(
  fc.array(fc.option(traits, { nil: undefined }), { minLength: 12, maxLength: 12 }),
  fc.array(fc.option(traits, { nil: undefined }), { minLength: 12, maxLength: 12 }),
);

/** What the diff must say, worked out from the traits directly. */
function expectedKinds(
  before: Traits | undefined,
  after: Traits | undefined,
): ChangeKind[] | undefined {
  if (!before && !after) return undefined;
  if (!before) return ['added'];
  if (!after) return ['removed'];
  if (JSON.stringify(before) === JSON.stringify(after)) return undefined;
  const kinds: ChangeKind[] = [];
  if (before.valid && !after.valid) kinds.push('became-invalid');
  if (!before.valid && after.valid) kinds.push('fixed');
  if (!before.locked && after.locked) kinds.push('locked');
  if (before.locked && !after.locked) kinds.push('unlocked');
  if (before.expression !== after.expression) kinds.push('expression');
  if (before.owner !== after.owner) kinds.push('owner');
  if (before.name !== after.name) kinds.push('renamed');
  return kinds.length > 0 ? kinds : ['other'];
}

async function storeScan(store: AuditStore, fields: Array<Traits | undefined>): Promise<number> {
  const scan = store.scans.create('manual', 0);
  const members = fields.flatMap((traits, index) => {
    if (!traits) return [];
    const saved = saveFieldVersion(store, fieldOf(index + 1, traits))!;
    return [{ fieldId: index + 1, versionId: saved.versionId }];
  });
  store.members.add(scan.id, members);
  await completeScan(store, scan.id, headline, () => 0);
  return scan.id;
}

describe('the diff of two scans', () => {
  it('names exactly the fields that differ, each with exactly the ways it changed', async () => {
    await fc.assert(
      fc.asyncProperty(snapshots, async ([before, after]) => {
        const db = openAuditDatabase(':memory:');
        try {
          const store = new AuditStore(db, ':memory:', 'property');
          const from = await storeScan(store, before);
          const to = await storeScan(store, after);
          const { members } = store;
          const diff = await diffScans(store, members.versions(from), members.versions(to), {
            from,
            to,
          });

          const expected = before
            .map((_, index) => ({
              id: index + 1,
              kinds: expectedKinds(before[index], after[index]),
            }))
            .filter((entry) => entry.kinds !== undefined);
          expect(diff.changes.map(({ id, kinds }) => ({ id, kinds }))).toEqual(expected);
          expect(diff.counts.changed).toBe(expected.length);
          for (const kind of ['added', 'removed', 'locked', 'expression', 'other'] as const) {
            expect(diff.counts[kind]).toBe(
              expected.filter((entry) => entry.kinds!.includes(kind)).length,
            );
          }
          // Side by side: each change shows the states it compares.
          for (const change of withStates(store, diff.changes)) {
            const was = before[change.id - 1];
            const is = after[change.id - 1];
            expect(change.before?.expression).toBe(was?.expression);
            expect(change.after?.locked).toBe(is?.locked);
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 100 },
    );
  });
});
