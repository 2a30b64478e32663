import {
  codePointLabel,
  hiddenCharacterDescription,
  hiddenCharacters,
  showHiddenCharacters,
} from '../contract/hidden-characters';
import type { Token } from './token';

// Problem messages quote tokens; a token can be megabytes long or hold control
// characters and lone surrogates, none of which belong in a message.
const MAX_QUOTED_LENGTH = 40;

/** How a problem message names a token: words, numbers and literals as written, symbols in quotes. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'word':
    case 'number':
    case 'column':
    case 'string':
      return printable(token.text);
    case 'unknown':
      return describeCharacter(token.text);
    default:
      return `'${token.text}'`;
  }
}

/**
 * Non-ASCII characters also get their code point: many look alike or are invisible.
 * A hidden one is named, never quoted: a right-to-left override would turn the message.
 */
function describeCharacter(character: string): string {
  const codePoint = character.codePointAt(0) ?? 0;
  const code = codePointLabel(codePoint);
  if (!isControl(codePoint) && hiddenCharacters(character).length > 0)
    return hiddenCharacterDescription(codePoint);
  if (printable(character) !== character) return code;
  return codePoint < 0x7f ? `'${character}'` : `'${character}' (${code})`;
}

/**
 * The text safe to quote in a message: at most 40 code units, control characters as
 * '?', and any other hidden character as its code point (a right-to-left override
 * would turn the message around it).
 */
export function printable(text: string): string {
  let end = Math.min(text.length, MAX_QUOTED_LENGTH);
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  const parts: string[] = [];
  for (let index = 0; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1)) && index + 1 < end) {
      parts.push(text.slice(index, index + 2));
      index += 1;
    } else if (isControl(code) || isHighSurrogate(code) || isLowSurrogate(code)) {
      parts.push('?');
    } else {
      parts.push(text.charAt(index));
    }
  }
  const shown = showHiddenCharacters(parts.join(''));
  return end < text.length ? `${shown}…` : shown;
}

function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
