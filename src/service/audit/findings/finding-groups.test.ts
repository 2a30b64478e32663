import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { FindingGroup } from './finding-groups';
import { FindingGroups } from './finding-groups';

const group = fc.record(
  {
    key: fc.string({ unit: 'binary', maxLength: 8 }),
    ids: fc
      .uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 8 })
      .map((ids) => ids.sort((a, b) => a - b)),
    depth: fc.integer({ min: 1, max: 5 }),
    title: fc.string({ maxLength: 8 }),
  },
  { requiredKeys: ['key', 'ids'] },
);

it('reads back each group as it was made, after crossing to another thread', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(group, { selector: ({ key }) => key, maxLength: 12 }),
      (groups: FindingGroup[]) => {
        const packed = FindingGroups.of(groups).pack();
        const arrived = FindingGroups.unpack(structuredClone(packed));

        expect(arrived.length).toBe(groups.length);
        expect([...arrived]).toEqual(groups);
        expect(arrived.slice(1, 3)).toEqual(groups.slice(1, 3));
        expect(arrived.at(groups.length)).toBeUndefined();
        for (const each of groups) expect(arrived.withKey(each.key)).toEqual(each);
        expect(arrived.withKey('\u0000none')).toBeUndefined();
        for (const id of [1, 30, 60]) {
          expect(arrived.holding(id)).toEqual(groups.filter(({ ids }) => ids.includes(id)));
        }
        expect(JSON.parse(JSON.stringify(arrived))).toEqual(JSON.parse(JSON.stringify(groups)));
      },
    ),
  );
});
