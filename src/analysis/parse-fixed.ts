import type { ExpressionReader } from './expression-reader';
import type { Token } from './token';
import type { TokenCursor } from './token-cursor';

/** Words with a role inside a FIXED clause only; elsewhere they are ordinary names. */
export const FIXED_CLAUSE_WORDS: ReadonlySet<string> = new Set([
  'BY',
  'ADD',
  'REMOVE',
  'FILTER',
  'NONE',
  'ALLOW',
  'DENY',
]);

const LEVELS: ReadonlySet<string> = new Set(['BY', 'ADD', 'REMOVE']);

/** True when the cursor is at `FIXED (` right after a call: a level-of-detail clause. */
export function atFixedClause(cursor: TokenCursor): boolean {
  const word = cursor.peek();
  return word?.kind === 'word' && word.upper === 'FIXED' && cursor.peek(1)?.kind === 'open';
}

/**
 * FIXED ([BY|ADD|REMOVE columns] [FILTER NONE | FILTER ALLOW|DENY columns]),
 * the cursor at FIXED. Columns may be any expressions, separated by commas.
 */
export function parseFixed(reader: ExpressionReader): void {
  const cursor = reader.cursor;
  const fixed = cursor.advance();
  const open = cursor.advance();
  const expected = `BY, ADD, REMOVE, FILTER or ')' in the FIXED clause at position ${fixed.start}`;
  let next = cursor.peek();
  if (next !== undefined && isClauseWord(next, LEVELS)) {
    cursor.skip();
    readList(reader);
    next = cursor.peek();
  }
  if (next !== undefined && isClauseWord(next, new Set(['FILTER']))) {
    parseFilter(reader, cursor.advance());
    cursor.expectClose(open, `')' to end the FIXED clause at position ${fixed.start}`);
    return;
  }
  cursor.expectClose(open, expected);
}

function parseFilter(reader: ExpressionReader, filter: Token): void {
  const cursor = reader.cursor;
  const mode = cursor.peek();
  if (mode !== undefined && isClauseWord(mode, new Set(['NONE']))) {
    cursor.skip();
    return;
  }
  if (mode !== undefined && isClauseWord(mode, new Set(['ALLOW', 'DENY']))) {
    cursor.skip();
    readList(reader);
    return;
  }
  cursor.failAt(
    mode,
    `FILTER at position ${filter.start} must be followed by NONE, or by ALLOW or DENY and columns`,
  );
}

function readList(reader: ExpressionReader): void {
  do reader.readExpression(0);
  while (reader.cursor.skipComma());
}

function isClauseWord(token: Token, words: ReadonlySet<string>): boolean {
  return token.kind === 'word' && words.has(token.upper);
}
