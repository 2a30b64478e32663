import { expect, it } from 'vitest';
import { TextsByField } from './texts-by-field';

it('reads as the map of texts it was made from, in ascending id order, texts of any script intact', () => {
  const asMap = new Map([
    [30, 'depth 2: `Größe` → `売上` → `🙂 smile`'],
    [2 ** 40, 'depends on field 99, which does not exist'],
    [-1, ''],
    [4, 'a lone half of a pair: \ud83d'],
  ]);
  const notes = TextsByField.of(asMap);
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
  const notes = TextsByField.of(new Map([[1, 'a note']]));
  const packed = notes.pack();
  const arrived = TextsByField.unpack(
    structuredClone(packed, {
      transfer: [packed.ids.buffer, packed.ends.buffer, packed.text.buffer],
    }),
  );
  expect([...arrived]).toEqual([[1, 'a note']]);
  expect(notes.size).toBe(0);
  const none = TextsByField.of(new Map());
  expect(none.size).toBe(0);
  expect([...none]).toEqual([]);
  expect(none.get(1)).toBeUndefined();
});

it('keeps values as their JSON, read back as they were, also on another thread', () => {
  const missing = new Map([
    [9, [{ place: { type: 'DATA_SOURCE', id: 'sales' }, column: 'Région' }]],
    [3, [{ place: { type: 'CARD', id: '12' } }]],
  ]);
  const values = TextsByField.ofJson(missing);
  expect(new Map(values)).toEqual(missing);
  expect(values.get(9)).toEqual(missing.get(9));
  const packed = values.pack();
  const arrived = TextsByField.unpackJson(structuredClone(packed));
  expect([...arrived]).toEqual([...missing].sort(([a], [b]) => a - b));
});
