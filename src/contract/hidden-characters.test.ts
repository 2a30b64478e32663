import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  hiddenCharacters,
  showHiddenCharacters,
  textParts,
  withoutHiddenCharacters,
} from './hidden-characters';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Every character the app must show as its code point, wherever it stands. */
const hiddenCodes = [
  ...range(0x00, 0x1f), // C0 controls
  0x7f,
  ...range(0x80, 0x9f), // C1 controls
  0x061c, // Arabic letter mark
  ...range(0x200b, 0x200f), // zero-width space, non-joiner, joiner; the direction marks
  ...range(0x202a, 0x202e), // embeddings, overrides, pop
  ...range(0x2066, 0x2069), // isolates
  0xfeff,
];
const label = (code: number) => `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** Letters, marks, digits, punctuation, symbols and spaces of any script: what names are made of. */
const ordinaryCharacter = fc
  .integer({ min: 0x20, max: 0x10ffff })
  .map((code) => String.fromCodePoint(code))
  .filter(
    (character) =>
      /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]$/u.test(character) &&
      !/\p{Default_Ignorable_Code_Point}/u.test(character.replace(/\p{M}/u, '')),
  );

/** Text people write that holds joiners or selectors as part of what is drawn. */
const writtenWithJoiners = [
  'می\u200Cخواهم', // Persian: a zero-width non-joiner inside a word
  'क्\u200Dष', // Devanagari: a zero-width joiner after the virama
  'ശ്\u200D', // Malayalam chillu
  '👨\u200D👩\u200D👧', // an emoji family: joiners between emoji
  '👩🏽\u200D💻', // a skin tone, then a joiner
  '🏳\uFE0F\u200D🌈', // a variation selector, then a joiner
  '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', // a flag of tags
  '❤\uFE0F',
  '葛\u{E0100}', // an ideographic variation selector
  'e\u0301', // e and a combining acute
  'שלום',
  'مرحبا',
  'Ελληνικά',
];
const ordinaryText = fc
  .array(fc.oneof(ordinaryCharacter, fc.constantFrom(...writtenWithJoiners)), { maxLength: 12 })
  .map((pieces) => pieces.join(''));

test('a right-to-left override is shown, and turns nothing around it', () => {
  expect(showHiddenCharacters('report\u202Egnp.exe')).toBe('report⟨U+202E⟩gnp.exe');
  expect(textParts('report\u202Egnp.exe')).toEqual(['report', { hidden: 0x202e }, 'gnp.exe']);
});

test('every bidi control and invisible character is shown as its code point, wherever it stands', () => {
  fc.assert(
    fc.property(
      ordinaryText,
      fc.constantFrom(...hiddenCodes),
      ordinaryText,
      (before, code, after) => {
        // After a Latin letter, where no joiner belongs.
        const text = `${before}x${String.fromCodePoint(code)}${after}`;
        expect(showHiddenCharacters(text)).toBe(`${before}x${label(code)}${after}`);
      },
    ),
    { numRuns: 500 },
  );
});

test('ordinary text of any script, emoji and combining marks included, is left as it is', () => {
  fc.assert(
    fc.property(ordinaryText, (text) => {
      expect(showHiddenCharacters(text)).toBe(text);
    }),
    { numRuns: 500 },
  );
  for (const text of writtenWithJoiners) expect(textParts(text)).toEqual([text]);
});

test('a joiner between letters of a script that does not use it is shown', () => {
  expect(showHiddenCharacters('pay\u200Dpal')).toBe('pay⟨U+200D⟩pal');
  expect(showHiddenCharacters('pay\u200Cpal')).toBe('pay⟨U+200C⟩pal');
  expect(showHiddenCharacters('a\u{E0041}')).toBe('a⟨U+E0041⟩'); // a tag outside a flag
});

test('whatever the text, what is shown holds no direction control nor control character, and the parts give the text back', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      expect(showHiddenCharacters(text)).not.toMatch(/[\p{Bidi_Control}\p{Cc}]/u);
      const restored = textParts(text)
        .map((part) => (typeof part === 'string' ? part : String.fromCodePoint(part.hidden)))
        .join('');
      expect(restored).toBe(text);
    }),
    { numRuns: 500 },
  );
});

test('each hidden character is found at its offset in UTF-16 code units, and left out of what the text reads as', () => {
  fc.assert(
    fc.property(
      ordinaryText,
      fc.constantFrom(...hiddenCodes),
      ordinaryText,
      (before, code, after) => {
        const text = `${before}x${String.fromCodePoint(code)}${after}`;
        expect(hiddenCharacters(text)).toEqual([{ at: before.length + 1, code }]);
        expect(withoutHiddenCharacters(text)).toBe(`${before}x${after}`);
      },
    ),
    { numRuns: 500 },
  );
  expect(hiddenCharacters('😀\u202E')).toEqual([{ at: 2, code: 0x202e }]);
});
