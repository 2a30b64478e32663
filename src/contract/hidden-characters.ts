// Characters a name can hold that show nothing, or that turn the text around them
// (a right-to-left override makes "report\u202Egnp.exe" read "reportexe.png"). The
// app shows each as its code point, so what a person reads is what the name holds;
// copy buttons and exports keep the raw text (docs/decisions.md, "Hidden characters").

import { otherFieldsNamed } from './fields-named';
import { nameAsStored } from './stored-name';

const NAMES: ReadonlyMap<number, string> = new Map([
  [0x00ad, 'soft hyphen'],
  [0x061c, 'Arabic letter mark'],
  [0x200b, 'zero-width space'],
  [0x200c, 'zero-width non-joiner'],
  [0x200d, 'zero-width joiner'],
  [0x200e, 'left-to-right mark'],
  [0x200f, 'right-to-left mark'],
  [0x2028, 'line separator'],
  [0x2029, 'paragraph separator'],
  [0x202a, 'left-to-right embedding'],
  [0x202b, 'right-to-left embedding'],
  [0x202c, 'pop directional formatting'],
  [0x202d, 'left-to-right override'],
  [0x202e, 'right-to-left override'],
  [0x2060, 'word joiner'],
  [0x2066, 'left-to-right isolate'],
  [0x2067, 'right-to-left isolate'],
  [0x2068, 'first strong isolate'],
  [0x2069, 'pop directional isolate'],
  [0xfeff, 'zero-width no-break space'],
]);

/**
 * Controls, line and paragraph separators, and what Unicode says to draw as nothing
 * (Default_Ignorable_Code_Point: the bidi controls and zero-width characters among them).
 */
const MAYBE_HIDDEN = /[\p{Cc}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
/** Ignorable but part of what is drawn: variation selectors (emoji, ideographs) and combining marks. */
const DRAWN = /[\p{Variation_Selector}\p{M}]/u;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const isTag = (code: number) => code >= 0xe0020 && code <= 0xe007f;
/** Scripts whose words use the joiners (Persian, the Indic scripts): RFC 5892's CONTEXTJ, simplified to the script. */
const JOINING_SCRIPT =
  /[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Khmer}\p{scx=Myanmar}]/u;
const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI = /\p{Extended_Pictographic}/u;

/** `U+202E`: how the app names a character that may be invisible or look like another. */
export function codePointLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The character's name, e.g. "right-to-left override". */
export function characterName(code: number): string {
  return (
    NAMES.get(code) ??
    (/\p{Cc}/u.test(String.fromCodePoint(code)) ? 'control character' : 'invisible character')
  );
}

/** What a shown code point says on hover and to a screen reader. */
export function hiddenCharacterDescription(code: number): string {
  return `${characterName(code)} (${codePointLabel(code)})`;
}

/** The bidi controls and marks: they change the order the text around them is shown in. */
const DIRECTION_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** True for a character that turns the text around it rather than show nothing. */
export function turnsText(code: number): boolean {
  return DIRECTION_CONTROL.test(String.fromCodePoint(code));
}

/** Several hidden characters by name, each once and the first few: "right-to-left override (U+202E), …". */
export function hiddenCharactersInWords(codes: readonly number[]): string {
  const distinct = [...new Set(codes)];
  const first = distinct.slice(0, 3).map(hiddenCharacterDescription).join(', ');
  return distinct.length > 3 ? `${first} and ${distinct.length - 3} more` : first;
}

/** A joiner after a letter or mark of a script that uses it, or between emoji, is part of what is drawn. */
function joins(code: number, before: string | undefined, after: string | undefined): boolean {
  if (before === undefined) return false;
  if (JOINING_SCRIPT.test(before)) return true;
  return code === ZWJ && after !== undefined && EMOJI_BEFORE_ZWJ.test(before) && EMOJI.test(after);
}

/** One hidden character of a text: where it stands (in UTF-16 code units) and which it is. */
export interface HiddenCharacter {
  at: number;
  code: number;
}

/**
 * Every character of the text that shows nothing or turns the text around it, in
 * order: what the app shows as a code point, and what the audit reports.
 */
export function hiddenCharacters(text: string): HiddenCharacter[] {
  if (!MAYBE_HIDDEN.test(text)) return [];
  const characters = Array.from(text);
  const hidden: HiddenCharacter[] = [];
  let at = 0;
  let inFlag = false;
  characters.forEach((character, index) => {
    const code = character.codePointAt(0)!;
    const tagOfFlag = isTag(code) && inFlag;
    inFlag = code === BLACK_FLAG || tagOfFlag;
    const shown =
      tagOfFlag ||
      !MAYBE_HIDDEN.test(character) ||
      DRAWN.test(character) ||
      ((code === ZWJ || code === ZWNJ) &&
        joins(code, characters[index - 1], characters[index + 1]));
    if (!shown) hidden.push({ at, code });
    at += character.length;
  });
  return hidden;
}

/** The text in order: runs of ordinary text, and each hidden character as its code point. */
export type TextPart = string | { hidden: number };

export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const { at, code } of hiddenCharacters(text)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push({ hidden: code });
    from = at + String.fromCodePoint(code).length;
  }
  if (from < text.length || parts.length === 0) parts.push(text.slice(from));
  return parts;
}

/** The text with every hidden character left out: what a person reads it as. */
export function withoutHiddenCharacters(text: string): string {
  return leftOut(text, hiddenCharacters(text));
}

function leftOut(text: string, hidden: readonly HiddenCharacter[]): string {
  // Most texts hide nothing and read as they are, with no list of parts to build.
  if (hidden.length === 0) return text;
  let kept = '';
  let from = 0;
  for (const { at, code } of hidden) {
    kept += text.slice(from, at);
    from = at + String.fromCodePoint(code).length;
  }
  return kept + text.slice(from);
}

/**
 * What a field's name reads as: its hidden characters left out, trimmed as a name is
 * stored (`nameAsStored`). Two names that read the same are look-alikes: the finding
 * groups them, and the rename that would make a true copy of the other skips them.
 * `hidden`: the name's hidden characters, when the caller has them already (none,
 * for a name known to hide nothing).
 */
export function readsAs(
  name: string,
  hidden: readonly HiddenCharacter[] = hiddenCharacters(name),
): string {
  return nameAsStored(leftOut(name, hidden));
}

/**
 * "without its hidden characters it reads `Revenue`, as field 2 does": a name read as
 * the names of other fields (`readers`, ascending ids, `self` among them), in the
 * finding's note and the rename's skip alike.
 */
export function readsAsOthersDo(plain: string, readers: readonly number[], self: number): string {
  const verb = readers.length === 2 ? 'does' : 'do';
  return `without its hidden characters it reads \`${plain}\`, as ${otherFieldsNamed(readers, self)} ${verb}`;
}

/** The text as a person should read it, e.g. "report⟨U+202E⟩gnp.exe": for titles and labels. */
export function showHiddenCharacters(text: string): string {
  return textParts(text)
    .map((part) => (typeof part === 'string' ? part : `⟨${codePointLabel(part.hidden)}⟩`))
    .join('');
}

/**
 * The hidden-characters finding's group of names that read as another field's name once
 * their hidden characters are left out: a rename cannot fix them, a merge or a person can.
 */
export const LOOK_ALIKE_GROUP = 'look-alike';
