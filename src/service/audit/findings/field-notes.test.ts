import { expect, it } from 'vitest';
import { FieldNotes } from './field-notes';

it('reads as the map of notes it was made from, in ascending id order, texts of any script intact', () => {
  const asMap = new Map([
    [30, 'depth 2: `Größe` → `売上` → `🙂 smile`'],
    [2 ** 40, 'depends on field 99, which does not exist'],
    [-1, ''],
    [4, 'a lone half of a pair: \ud83d'],
  ]);
  const notes = FieldNotes.of(asMap);
  const ascending = [...asMap].sort(([a], [b]) => a - b);
  // A lone surrogate is no UTF-8: it reads back as the replacement character.
  ascending[1] = [4, 'a lone half of a pair: \ufffd'];
  expect(notes.size).toBe(4);
  expect([...notes]).toEqual(ascending);
  expect([...notes.keys()]).toEqual([-1, 4, 30, 2 ** 40]);
  expect(notes.get(30)).toBe(asMap.get(30));
  expect(notes.get(-1)).toBe('');
  expect(notes.has(-1)).toBe(true);
  expect(notes.get(5)).toBeUndefined();
  expect(notes.has(5)).toBe(false);
});

it('crosses to another thread as its arrays, which move, and holds nothing when made from nothing', () => {
  const notes = FieldNotes.of(new Map([[1, 'a note']]));
  const packed = notes.pack();
  const arrived = FieldNotes.unpack(
    structuredClone(packed, {
      transfer: [packed.ids.buffer, packed.ends.buffer, packed.text.buffer],
    }),
  );
  expect([...arrived]).toEqual([[1, 'a note']]);
  expect(notes.size).toBe(0);
  const none = FieldNotes.of(new Map());
  expect(none.size).toBe(0);
  expect([...none]).toEqual([]);
  expect(none.get(1)).toBeUndefined();
});
