import fc from 'fast-check';
import { expect, it } from 'vitest';
import { TextList } from './text-list';

it('reads back every text as it was, after crossing to another thread', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 30 })), (texts) => {
      const list = TextList.of(texts)!;
      const arrived = TextList.unpack(structuredClone(list.pack()));

      expect(arrived.length).toBe(texts.length);
      expect([...arrived]).toEqual(texts);
      texts.forEach((text, at) => expect(arrived.at(at)).toBe(text));
      expect(arrived.at(texts.length)).toBeUndefined();
      expect(arrived.at(-1)).toBeUndefined();
    }),
  );
});

it('packs nothing when a text is not well-formed, which UTF-8 would change', () => {
  expect(TextList.of(['a', 'b\uD800c'])).toBeUndefined();
  expect([...TextList.of(['', 'é', '名前', '😀'])!]).toEqual(['', 'é', '名前', '😀']);
});

it('finds a text by its bytes as an array of strings finds it', () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      (texts, other) => {
        const list = TextList.of(texts)!;
        for (const text of [...texts, other]) expect(list.indexOf(text)).toBe(texts.indexOf(text));
      },
    ),
  );
  expect(TextList.of(['\uFFFD'])!.indexOf('\uD800')).toBe(-1);
});
