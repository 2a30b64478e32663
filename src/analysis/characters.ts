// Character classes of the expression language. charCodeAt past the end gives
// NaN, which every comparison below rejects.

import type { HiddenCharacter } from '../contract/hidden-characters';
import { characterName, hiddenCharacters } from '../contract/hidden-characters';

export { codePointLabel } from '../contract/hidden-characters';

export const BACKTICK = 0x60;
export const SINGLE_QUOTE = 0x27;
export const DOUBLE_QUOTE = 0x22;

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function isWordStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

export function isWordPart(code: number): boolean {
  return isWordStart(code) || isDigit(code);
}

/** Unicode White_Space: ASCII spaces and controls, NEL, the no-break and typographic spaces. */
export function isWhitespace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

export function isLineEnd(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/**
 * Characters that take no room on screen, so a pasted formula can hold one
 * nobody sees. They separate tokens like a space, and make the expression INVALID.
 */
const INVISIBLE_CHARACTERS: ReadonlySet<number> = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);

export function invisibleCharacterName(code: number): string | undefined {
  return INVISIBLE_CHARACTERS.has(code) ? characterName(code) : undefined;
}

/** Tab and line breaks lay an expression out; they hide nothing. */
const LAYOUT: ReadonlySet<number> = new Set([0x09, 0x0a, 0x0d]);

/** The hidden characters of an expression (contract/hidden-characters.ts), its layout left out. */
export function hiddenInExpression(expression: string): HiddenCharacter[] {
  return hiddenCharacters(expression).filter(({ code }) => !LAYOUT.has(code));
}

/** The straight quote a typographic quote stands for, or undefined. */
export function straightQuoteFor(code: number): number | undefined {
  if (code === 0x2018 || code === 0x2019) return SINGLE_QUOTE;
  if (code === 0x201c || code === 0x201d) return DOUBLE_QUOTE;
  return undefined;
}

/** True for the quote itself and for both typographic quotes of its family. */
export function isQuoteOfFamily(code: number, straightQuote: number): boolean {
  return code === straightQuote || straightQuoteFor(code) === straightQuote;
}
