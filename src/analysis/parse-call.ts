import type { ExpressionReader } from './expression-reader';
import { isIdentifier, isKeywordOf } from './keywords';
import { startsOperand } from './operand-boundaries';
import { atFixedClause, parseFixed } from './parse-fixed';
import { parseOrderBy, parseWindow } from './parse-window';
import type { CallNode, SyntaxNode } from './syntax-tree';
import type { Token } from './token';
import type { TokenCursor } from './token-cursor';

const TRIM_MODIFIERS: ReadonlySet<string> = new Set(['BOTH', 'LEADING', 'TRAILING']);

/** A call's arguments and optional window or FIXED clause; the cursor at the '(' after the name. */
export function parseCall(reader: ExpressionReader, name: Token): CallNode {
  const cursor: TokenCursor = reader.cursor;
  const call: CallNode = {
    kind: 'call',
    name: name.upper,
    nameEnd: name.end,
    args: [],
    distinct: false,
    star: false,
    orderBy: [],
    start: name.start,
    end: name.end,
  };
  const open = cursor.advance();
  const first = cursor.peek();
  if (first?.kind === 'close') {
    cursor.skip();
  } else if (first?.kind === 'operator' && first.text === '*' && cursor.peek(1)?.kind === 'close') {
    cursor.skip(2);
    call.star = true;
  } else {
    parseArguments(reader, call);
    // GROUP_CONCAT(x ORDER BY y)
    if (isKeywordOf(cursor.peek(), 'ORDER')) call.orderBy = parseOrderBy(reader);
    cursor.expectClose(open, "',' or ')'");
  }
  if (isKeywordOf(cursor.peek(), 'OVER')) call.window = parseWindow(reader);
  else if (atFixedClause(cursor)) call.fixed = parseFixed(reader);
  call.end = cursor.previous()?.end ?? call.end;
  return call;
}

function parseArguments(reader: ExpressionReader, call: CallNode): void {
  const cursor: TokenCursor = reader.cursor;
  do parseArgument(reader, call);
  while (
    // FROM and FOR separate arguments in EXTRACT(YEAR FROM d), SUBSTRING(s FROM 2 FOR 3).
    cursor.skipComma() ||
    cursor.skipKeyword('FROM') ||
    cursor.skipKeyword('FOR')
  );
}

function parseArgument(reader: ExpressionReader, call: CallNode): void {
  const cursor: TokenCursor = reader.cursor;
  if (cursor.skipKeyword('DISTINCT')) call.distinct = true;
  else if (!cursor.skipKeyword('ALL') && atTrimModifier(cursor)) {
    // TRIM(LEADING 'x' FROM s), TRIM(BOTH FROM s)
    cursor.skip();
    if (isKeywordOf(cursor.peek(), 'FROM')) return;
  }
  const argument: SyntaxNode = reader.readExpression(0);
  call.args.push(argument);
  if (isKeywordOf(cursor.peek(), 'AS')) parseTypeName(cursor);
}

function atTrimModifier(cursor: TokenCursor): boolean {
  const word = cursor.peek();
  const next = cursor.peek(1);
  return (
    word?.kind === 'word' &&
    TRIM_MODIFIERS.has(word.upper) &&
    (startsOperand(next) || isKeywordOf(next, 'FROM'))
  );
}

/** CAST(x AS DECIMAL(10, 2)): the type is a name with optional sizes, not a function call. */
function parseTypeName(cursor: TokenCursor): void {
  const as = cursor.advance();
  if (!isIdentifier(cursor.peek())) {
    cursor.failAt(cursor.peek(), `AS at position ${as.start} must be followed by a type name`);
  }
  while (isIdentifier(cursor.peek())) cursor.skip();
  const open = cursor.peek();
  if (open?.kind !== 'open') return;
  cursor.skip();
  do {
    const size = cursor.peek();
    if (size?.kind !== 'number') {
      cursor.failAt(size, `the type after AS at position ${as.start} takes numbers in parentheses`);
    }
    cursor.skip();
  } while (cursor.skipComma());
  cursor.expectClose(open, "',' or ')'");
}
