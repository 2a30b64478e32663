import type { ExpressionReader } from './expression-reader';
import type { FixedClause, SyntaxNode } from './syntax-tree';
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
export function parseFixed(reader: ExpressionReader): FixedClause {
  const cursor = reader.cursor;
  const fixed = cursor.advance();
  const open = cursor.advance();
  const clause: FixedClause = { columns: [], filterColumns: [], start: fixed.start, end: open.end };
  const expected = `BY, ADD, REMOVE, FILTER or ')' in the FIXED clause at position ${fixed.start}`;
  let next = cursor.peek();
  if (next !== undefined && isClauseWord(next, LEVELS)) {
    cursor.skip();
    clause.level = next.upper as FixedClause['level'];
    clause.columns = readList(reader);
    next = cursor.peek();
  }
  if (next !== undefined && isClauseWord(next, new Set(['FILTER']))) {
    parseFilter(reader, cursor.advance(), clause);
    cursor.expectClose(open, `')' to end the FIXED clause at position ${fixed.start}`);
  } else {
    cursor.expectClose(open, expected);
  }
  clause.end = cursor.previous()?.end ?? clause.end;
  return clause;
}

function parseFilter(reader: ExpressionReader, filter: Token, clause: FixedClause): void {
  const cursor = reader.cursor;
  const mode = cursor.peek();
  if (mode !== undefined && isClauseWord(mode, new Set(['NONE']))) {
    cursor.skip();
    clause.filter = 'NONE';
    return;
  }
  if (mode !== undefined && isClauseWord(mode, new Set(['ALLOW', 'DENY']))) {
    cursor.skip();
    clause.filter = mode.upper as FixedClause['filter'];
    clause.filterColumns = readList(reader);
    return;
  }
  cursor.failAt(
    mode,
    `FILTER at position ${filter.start} must be followed by NONE, or by ALLOW or DENY and columns`,
  );
}

function readList(reader: ExpressionReader): SyntaxNode[] {
  const items: SyntaxNode[] = [];
  do items.push(reader.readExpression(0));
  while (reader.cursor.skipComma());
  return items;
}

function isClauseWord(token: Token, words: ReadonlySet<string>): boolean {
  return token.kind === 'word' && words.has(token.upper);
}
