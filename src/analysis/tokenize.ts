import {
  BACKTICK,
  DOUBLE_QUOTE,
  SINGLE_QUOTE,
  codePointLabel,
  invisibleCharacterName,
  isDigit,
  isLineEnd,
  isQuoteOfFamily,
  isWhitespace,
  isWordPart,
  isWordStart,
  straightQuoteFor,
} from './characters';
import type { Problem } from './problem';
import type { Token, TokenKind } from './token';

export interface Tokenized {
  /** Every token in order; comments, spaces and invisible characters leave none. */
  tokens: Token[];
  /**
   * What is wrong at the lexical level, in order: unclosed quotes, backticks and
   * comments, typographic quotes and invisible characters.
   */
  problems: Problem[];
}

const DOT = 0x2e;
const OPEN = 0x28;
const CLOSE = 0x29;
const COMMA = 0x2c;
const MINUS = 0x2d;
const SLASH = 0x2f;
const STAR = 0x2a;

const QUOTE_NAMES: Readonly<Record<number, string>> = {
  [BACKTICK]: 'backtick',
  [SINGLE_QUOTE]: 'single quote',
  [DOUBLE_QUOTE]: 'double quote',
};

export function tokenize(expression: string): Tokenized {
  const tokens: Token[] = [];
  const problems: Problem[] = [];
  const length = expression.length;
  const push = (kind: TokenKind, start: number, end: number, unterminated = false) =>
    tokens.push(makeToken(expression, kind, start, end, unterminated));
  let index = 0;

  while (index < length) {
    const code = expression.charCodeAt(index);
    const start = index;
    if (isWhitespace(code)) {
      index += 1;
      continue;
    }

    const invisible = invisibleCharacterName(code);
    if (invisible !== undefined) {
      problems.push({
        start,
        end: start + 1,
        message: `${invisible} (${codePointLabel(code)}) at position ${start}: delete it`,
      });
      index += 1;
      continue;
    }

    const next = expression.charCodeAt(index + 1);
    if (code === MINUS && next === MINUS) {
      index = afterLine(expression, start);
      continue;
    }
    if (code === SLASH && next === STAR) {
      const close = expression.indexOf('*/', start + 2);
      if (close === -1) {
        problems.push({
          start,
          end: start + 2,
          message: `the comment opened with /* at position ${start} is never closed; end it with */`,
        });
        break;
      }
      index = close + 2;
      continue;
    }

    if (code === BACKTICK || code === SINGLE_QUOTE || code === DOUBLE_QUOTE) {
      const end =
        code === BACKTICK
          ? afterClosingBacktick(expression, start)
          : afterClosingQuote(expression, start, code);
      const kind = code === BACKTICK ? 'column' : 'string';
      if (end === -1) {
        push(kind, start, length, true);
        problems.push(unclosedProblem(expression, start, code));
        break;
      }
      push(kind, start, end);
      index = end;
      continue;
    }

    const straightQuote = straightQuoteFor(code);
    if (straightQuote !== undefined) {
      index = readTypographicString(expression, start, straightQuote, push, problems);
      continue;
    }

    if (isDigit(code) || (code === DOT && isDigit(next))) {
      index = afterNumber(expression, start);
      push('number', start, index);
      continue;
    }

    if (isWordStart(code)) {
      index += 1;
      while (index < length && isWordPart(expression.charCodeAt(index))) index += 1;
      push('word', start, index);
      continue;
    }

    if (code === OPEN || code === CLOSE || code === COMMA) {
      index += 1;
      push(code === OPEN ? 'open' : code === CLOSE ? 'close' : 'comma', start, index);
      continue;
    }

    const operator = operatorAt(expression, start);
    if (operator !== undefined) {
      index += operator.length;
      push('operator', start, index);
      continue;
    }

    index += isSurrogatePairAt(expression, start) ? 2 : 1;
    push('unknown', start, index);
  }

  return { tokens, problems };
}

function makeToken(
  expression: string,
  kind: TokenKind,
  start: number,
  end: number,
  unterminated: boolean,
): Token {
  const text = expression.slice(start, end);
  return { kind, start, end, text, upper: kind === 'word' ? text.toUpperCase() : '', unterminated };
}

/** Offset of the line end after a `--` comment, or the end of the text. */
function afterLine(expression: string, start: number): number {
  let index = start + 2;
  while (index < expression.length && !isLineEnd(expression.charCodeAt(index))) index += 1;
  return index;
}

/** Offset after the closing backtick, or -1. Column names cannot contain a backtick. */
function afterClosingBacktick(expression: string, start: number): number {
  const close = expression.indexOf('`', start + 1);
  return close === -1 ? -1 : close + 1;
}

/** Offset after the closing quote, or -1. A doubled quote inside is an escaped quote. */
function afterClosingQuote(expression: string, start: number, quoteCode: number): number {
  const quote = String.fromCharCode(quoteCode);
  let from = start + 1;
  for (;;) {
    const close = expression.indexOf(quote, from);
    if (close === -1) return -1;
    if (expression.charCodeAt(close + 1) !== quoteCode) return close + 1;
    from = close + 2;
  }
}

/**
 * A quote that never closes. When a typographic quote of the same family follows,
 * it is almost always the intended closing quote, so the message says so.
 */
function unclosedProblem(expression: string, start: number, quoteCode: number): Problem {
  const problem = `unclosed ${QUOTE_NAMES[quoteCode] ?? 'quote'} at position ${start}`;
  if (quoteCode === BACKTICK) return { start, end: start + 1, message: problem };
  for (let index = start + 1; index < expression.length; index += 1) {
    const code = expression.charCodeAt(index);
    if (code !== quoteCode && isQuoteOfFamily(code, quoteCode)) {
      return {
        start,
        end: start + 1,
        message: `${problem}: the typographic quote ${expression.charAt(index)} at position ${index} does not close it; use ${String.fromCharCode(quoteCode)}`,
      };
    }
  }
  return { start, end: start + 1, message: problem };
}

/**
 * A typographic quote where a straight one belongs, as word processors write it.
 * Each typographic quote is a problem; the text up to the next quote of the same
 * family is read as the string it was meant to be, so the rest of the expression is
 * still checked as intended. A quote with no partner is skipped. Returns the offset
 * to continue from.
 */
function readTypographicString(
  expression: string,
  start: number,
  straightQuote: number,
  push: (kind: TokenKind, start: number, end: number) => void,
  problems: Problem[],
): number {
  problems.push(typographicQuoteProblem(expression, start, straightQuote));
  let close = start + 1;
  while (
    close < expression.length &&
    !isQuoteOfFamily(expression.charCodeAt(close), straightQuote)
  ) {
    close += 1;
  }
  if (close >= expression.length) return start + 1;
  if (expression.charCodeAt(close) !== straightQuote) {
    problems.push(typographicQuoteProblem(expression, close, straightQuote));
  }
  push('string', start, close + 1);
  return close + 1;
}

function typographicQuoteProblem(
  expression: string,
  position: number,
  straightQuote: number,
): Problem {
  const code = expression.charCodeAt(position);
  return {
    start: position,
    end: position + 1,
    message: `typographic quote ${expression.charAt(position)} (${codePointLabel(code)}) at position ${position}: use ${String.fromCharCode(straightQuote)} instead`,
  };
}

/** Digits, an optional fraction, and an exponent only when digits follow it (`1e3`, `2.5E-4`). */
function afterNumber(expression: string, start: number): number {
  let index = start;
  while (isDigit(expression.charCodeAt(index))) index += 1;
  if (expression.charCodeAt(index) === DOT) {
    index += 1;
    while (isDigit(expression.charCodeAt(index))) index += 1;
  }
  const exponent = expression.charCodeAt(index);
  if (exponent === 0x65 || exponent === 0x45) {
    let digitsAt = index + 1;
    const sign = expression.charCodeAt(digitsAt);
    if (sign === 0x2b || sign === MINUS) digitsAt += 1;
    if (isDigit(expression.charCodeAt(digitsAt))) {
      index = digitsAt;
      while (isDigit(expression.charCodeAt(index))) index += 1;
    }
  }
  return index;
}

/** The symbol operator starting at `start`, longest first so `<=>` wins over `<=` and `<`. */
function operatorAt(expression: string, start: number): string | undefined {
  const code = expression.charCodeAt(start);
  const next = expression.charCodeAt(start + 1);
  switch (code) {
    case 0x2b: // +
    case MINUS:
    case STAR:
    case SLASH:
    case 0x25: // %
    case 0x3d: // =
      return expression.charAt(start);
    case 0x3c: // <
      if (next === 0x3d) return expression.charCodeAt(start + 2) === 0x3e ? '<=>' : '<=';
      return next === 0x3e ? '<>' : '<';
    case 0x3e: // >
      return next === 0x3d ? '>=' : '>';
    case 0x21: // !
      return next === 0x3d ? '!=' : undefined;
    case 0x7c: // |
      return next === 0x7c ? '||' : undefined;
    default:
      return undefined;
  }
}

function isSurrogatePairAt(expression: string, index: number): boolean {
  const high = expression.charCodeAt(index);
  const low = expression.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}
