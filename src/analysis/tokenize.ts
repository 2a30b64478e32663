import type { Problem } from './problem';
import type { Token, TokenKind } from './token';

export interface Tokenized {
  tokens: Token[];
  /** Unclosed quotes and backticks; such a literal runs to the end of the text. */
  problems: Problem[];
}

const BACKTICK = 0x60;
const SINGLE_QUOTE = 0x27;
const DOUBLE_QUOTE = 0x22;
const DOT = 0x2e;
const OPEN = 0x28;
const CLOSE = 0x29;
const COMMA = 0x2c;

const UNCLOSED_NAMES: Readonly<Record<number, string>> = {
  [BACKTICK]: 'backtick',
  [SINGLE_QUOTE]: 'single quote',
  [DOUBLE_QUOTE]: 'double quote',
};

export function tokenize(expression: string): Tokenized {
  const tokens: Token[] = [];
  const problems: Problem[] = [];
  const length = expression.length;
  let index = 0;

  while (index < length) {
    const code = expression.charCodeAt(index);
    if (isWhitespace(code)) {
      index += 1;
      continue;
    }
    const start = index;

    if (code === BACKTICK || code === SINGLE_QUOTE || code === DOUBLE_QUOTE) {
      const end =
        code === BACKTICK
          ? afterClosingBacktick(expression, start)
          : afterClosingQuote(expression, start, code);
      const kind = code === BACKTICK ? 'column' : 'string';
      if (end === -1) {
        tokens.push(makeToken(expression, kind, start, length, true));
        problems.push({
          position: start,
          message: `unclosed ${UNCLOSED_NAMES[code] ?? 'quote'} at position ${start}`,
        });
        break;
      }
      tokens.push(makeToken(expression, kind, start, end));
      index = end;
      continue;
    }

    if (isDigit(code) || (code === DOT && isDigit(expression.charCodeAt(index + 1)))) {
      index = afterNumber(expression, start);
      tokens.push(makeToken(expression, 'number', start, index));
      continue;
    }

    if (isWordStart(code)) {
      index += 1;
      while (index < length && isWordPart(expression.charCodeAt(index))) index += 1;
      tokens.push(makeToken(expression, 'word', start, index));
      continue;
    }

    if (code === OPEN || code === CLOSE || code === COMMA) {
      index += 1;
      tokens.push(
        makeToken(
          expression,
          code === OPEN ? 'open' : code === CLOSE ? 'close' : 'comma',
          start,
          index,
        ),
      );
      continue;
    }

    const operator = operatorAt(expression, start);
    if (operator !== undefined) {
      index += operator.length;
      tokens.push(makeToken(expression, 'operator', start, index));
      continue;
    }

    index += isSurrogatePairAt(expression, start) ? 2 : 1;
    tokens.push(makeToken(expression, 'unknown', start, index));
  }

  return { tokens, problems };
}

function makeToken(
  expression: string,
  kind: TokenKind,
  start: number,
  end: number,
  unterminated = false,
): Token {
  const text = expression.slice(start, end);
  return { kind, start, end, text, upper: kind === 'word' ? text.toUpperCase() : '', unterminated };
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
    if (sign === 0x2b || sign === 0x2d) digitsAt += 1;
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
    case 0x2d: // -
    case 0x2a: // *
    case 0x2f: // /
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

// charCodeAt past the end gives NaN, which every comparison below rejects.
function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isWordStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isWordPart(code: number): boolean {
  return isWordStart(code) || isDigit(code);
}

function isWhitespace(code: number): boolean {
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
    code === 0x3000 ||
    code === 0xfeff
  );
}
