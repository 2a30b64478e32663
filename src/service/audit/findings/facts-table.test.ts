import { describe, expect, it } from 'vitest';
import { demoFacts } from '../test-support/demo-facts';
import { FactsTable } from './facts-table';
import type { FieldFacts } from './field-facts';

/** Facts of a seeded demo instance: links, nested references, problems and lint among them. */
const seeded = demoFacts(300, 7);

/** The same facts in another order than by id. */
const shuffled = (facts: readonly FieldFacts[]) =>
  facts
    .map((field, index) => ({ field, key: (index * 7919) % facts.length }))
    .sort((a, b) => a.key - b.key)
    .map(({ field }) => field);

const byId = (facts: Iterable<FieldFacts>) =>
  new Map([...facts].sort((a, b) => a.id - b.id).map((field) => [field.id, field]));

describe('FactsTable', () => {
  it('reads every field back as it was given, by id ascending, whatever the order given', () => {
    expect(seeded.some((field) => field.nests.length > 0 && field.links.length > 0)).toBe(true);
    expect(seeded.some((field) => field.problems.length > 0)).toBe(true);
    const table = FactsTable.of(shuffled(seeded));
    const expected = byId(seeded);
    expect([...table.entries()]).toEqual([...expected]);
    expect([...table.keys()]).toEqual([...expected.keys()]);
    expect(table.size).toBe(300);
    for (const field of seeded) expect(table.get(field.id)).toEqual(field);
    expect(table.get(-1)).toBeUndefined();
    expect(table.has(-1)).toBe(false);
  });

  it('keeps a check sum or shape that is not a SHA-1 in hex as it is', () => {
    const [first, second] = seeded;
    const table = FactsTable.of([
      { ...first!, checkSum: 'A1B2', shape: '' },
      { ...second!, checkSum: 'ab'.repeat(20), shape: `${'0'.repeat(39)}g` },
    ]);
    expect(table.get(first!.id)).toMatchObject({ checkSum: 'A1B2', shape: '' });
    expect(table.get(second!.id)).toMatchObject({
      checkSum: 'ab'.repeat(20),
      shape: `${'0'.repeat(39)}g`,
    });
  });

  it('with changes answers as a Map with the same changes would, and leaves itself as it was', () => {
    const table = FactsTable.of(seeded);
    const [changed, removed] = [seeded[10]!, seeded[20]!];
    const lockedNow = { ...changed, locked: !changed.locked, lastModified: 1 };
    const added = { ...seeded[30]!, id: -5 };
    const addedLast = { ...seeded[40]!, id: 1_000_000 };
    const next = table
      .with([
        [changed.id, lockedNow],
        [removed.id, undefined],
        [added.id, added],
      ])
      .with([[addedLast.id, addedLast]]);

    const expected = byId(seeded);
    expected.set(changed.id, lockedNow);
    expected.delete(removed.id);
    expected.set(added.id, added);
    expected.set(addedLast.id, addedLast);
    const sorted = byId(expected.values());
    expect([...next.entries()]).toEqual([...sorted]);
    expect(next.size).toBe(sorted.size);
    expect(next.has(removed.id)).toBe(false);
    expect(next.get(added.id)).toEqual(added);
    expect([...table.entries()]).toEqual([...byId(seeded)]);
  });

  it("reads each brief as the field's facts without what only the rules read, changes included", () => {
    const [changed, removed] = [seeded[10]!, seeded[20]!];
    const table = FactsTable.of(seeded).with([
      [changed.id, { ...changed, locked: !changed.locked, functions: ['NEW'] }],
      [removed.id, undefined],
      [-5, { ...seeded[30]!, id: -5 }],
    ]);
    const onlyRules = ['checkSum', 'shape', 'names', 'nests', 'problems', 'lint'];
    const briefOf = (field: object) =>
      Object.fromEntries(Object.entries(field).filter(([key]) => !onlyRules.includes(key)));
    const briefs = [...table.briefs()];
    expect(briefs.map(briefOf)).toEqual([...table.values()].map(briefOf));
    expect(briefs.filter((brief) => brief.links.length > 0).length).toBeGreaterThan(0);
  });

  it("reads each field's owner and links as its facts hold them, changes included", () => {
    const [changed, removed] = [seeded[10]!, seeded[20]!];
    const table = FactsTable.of(seeded).with([
      [changed.id, { ...changed, owner: 99, links: [] }],
      [removed.id, undefined],
      [-5, { ...seeded[30]!, id: -5 }],
    ]);
    const ownerAndLinks = ({ owner, links }: Pick<FieldFacts, 'owner' | 'links'>) => ({
      owner,
      links,
    });
    const read = [...table.ownersAndLinks()].map(ownerAndLinks);
    expect(read).toEqual([...table.values()].map(ownerAndLinks));
    expect(read.filter(({ links }) => links.length > 0).length).toBeGreaterThan(0);
  });

  it('writes columns of its own past many changes, answering the same', () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({
      ...seeded[index % seeded.length]!,
      id: 10_000 + index,
    }));
    const next = FactsTable.of(seeded).with(many.map((field) => [field.id, field]));
    expect([...next.values()]).toEqual([...byId([...seeded, ...many]).values()]);
  });

  it('as columns holds every field as the table reads it, its changes merged in', () => {
    const [first, changed, removed] = seeded;
    const newLink = {
      type: 'CARD',
      id: 'a card no field links',
      visible: true,
      active: false,
      valid: 'BAD',
    };
    const table = FactsTable.of([{ ...first!, checkSum: 'A1B2' }, ...seeded.slice(1)]).with([
      [
        changed!.id,
        {
          ...changed!,
          locked: !changed!.locked,
          shape: '',
          links: [newLink],
          lint: [{ rule: 'a new rule', message: 'a new message' }],
        },
      ],
      [removed!.id, undefined],
      [-5, { ...seeded[30]!, id: -5, checkSum: 'C3D4' }],
      [1_000_000, { ...seeded[40]!, id: 1_000_000 }],
    ]);
    const everyField = (columns: ReturnType<FactsTable['asColumns']>) =>
      Array.from({ length: columns.count }, (_, at) => columns.factsAt(at));
    expect(everyField(table.asColumns())).toEqual([...table.values()]);
    const merged = table.merged();
    expect(merged.pack().changed).toEqual([]);
    expect([...merged.entries()]).toEqual([...table.entries()]);
    expect(merged.size).toBe(table.size);
    const unchanged = FactsTable.of(seeded);
    expect(everyField(unchanged.asColumns())).toEqual([...unchanged.values()]);
  });

  // Sent from the audit's thread to the one answering requests, where a class instance
  // would arrive as a plain object without its methods.
  it('reads the same after pack, a structured clone (as a message makes) and unpack', () => {
    const [first, changed, removed] = seeded;
    const table = FactsTable.of([{ ...first!, checkSum: 'A1B2' }, ...seeded.slice(1)]).with([
      [changed!.id, { ...changed!, locked: !changed!.locked }],
      [removed!.id, undefined],
      [-5, { ...seeded[30]!, id: -5 }],
    ]);
    const arrived = FactsTable.unpack(structuredClone(table.pack()));
    expect(arrived).toBeInstanceOf(FactsTable);
    expect([...arrived.entries()]).toEqual([...table.entries()]);
    expect(arrived.size).toBe(table.size);
    expect(arrived.get(first!.id)).toMatchObject({ checkSum: 'A1B2' });
    expect(arrived.get(changed!.id)).toEqual(table.get(changed!.id));
    expect(arrived.has(removed!.id)).toBe(false);
  });
});
