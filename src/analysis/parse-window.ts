import type { ExpressionReader } from './expression-reader';
import { isKeywordOf } from './keywords';
import { AND_POWER } from './operators';
import type { SyntaxNode, WindowClause } from './syntax-tree';
import type { Token } from './token';
import type { TokenCursor } from './token-cursor';

/** OVER ([PARTITION BY ...] [ORDER BY ...] [ROWS|RANGE frame]), the cursor at OVER. */
export function parseWindow(reader: ExpressionReader): WindowClause {
  const cursor: TokenCursor = reader.cursor;
  const over = cursor.advance();
  const window: WindowClause = {
    partitionBy: [],
    orderBy: [],
    frame: [],
    start: over.start,
    end: over.end,
  };
  const open = cursor.peek();
  if (open?.kind !== 'open') {
    cursor.failAt(open, `OVER at position ${over.start} must be followed by '('`);
  }
  cursor.skip();
  if (isKeywordOf(cursor.peek(), 'PARTITION')) {
    const partition = cursor.advance();
    cursor.expectKeyword('BY', `PARTITION at position ${partition.start} must be followed by BY`);
    do window.partitionBy.push(reader.readExpression(0));
    while (cursor.skipComma());
  }
  if (isKeywordOf(cursor.peek(), 'ORDER')) window.orderBy = parseOrderBy(reader);
  if (isKeywordOf(cursor.peek(), 'ROWS') || isKeywordOf(cursor.peek(), 'RANGE')) {
    parseFrame(reader, window.frame);
  }
  cursor.expectClose(open, "')' to end the window");
  window.end = cursor.previous()?.end ?? window.end;
  return window;
}

/** ORDER BY x [ASC|DESC] [NULLS FIRST|LAST], ...; the cursor at ORDER. */
export function parseOrderBy(reader: ExpressionReader): SyntaxNode[] {
  const cursor: TokenCursor = reader.cursor;
  const order = cursor.advance();
  cursor.expectKeyword('BY', `ORDER at position ${order.start} must be followed by BY`);
  const keys: SyntaxNode[] = [];
  do {
    keys.push(reader.readExpression(0));
    if (!cursor.skipKeyword('ASC')) cursor.skipKeyword('DESC');
    const nulls = cursor.peek();
    if (nulls?.kind === 'word' && nulls.upper === 'NULLS') {
      const placement = cursor.peek(1);
      if (placement?.upper !== 'FIRST' && placement?.upper !== 'LAST') {
        cursor.failAt(
          placement,
          `NULLS at position ${nulls.start} must be followed by FIRST or LAST`,
        );
      }
      cursor.skip(2);
    }
  } while (cursor.skipComma());
  return keys;
}

/** `bounds` receives the expressions of the frame's bounds. */
function parseFrame(reader: ExpressionReader, bounds: SyntaxNode[]): void {
  const cursor: TokenCursor = reader.cursor;
  const unit = cursor.advance();
  const between = cursor.peek();
  if (!cursor.skipKeyword('BETWEEN')) {
    parseFrameBound(reader, unit, bounds);
    return;
  }
  parseFrameBound(reader, unit, bounds);
  cursor.expectKeyword('AND', `BETWEEN at position ${between?.start ?? unit.end} has no AND`);
  parseFrameBound(reader, unit, bounds);
}

function parseFrameBound(reader: ExpressionReader, unit: Token, bounds: SyntaxNode[]): void {
  const cursor: TokenCursor = reader.cursor;
  const position = cursor.peek()?.start ?? unit.end;
  if (cursor.skipKeyword('UNBOUNDED')) {
    expectDirection(cursor, `UNBOUNDED at position ${position}`);
  } else if (cursor.skipKeyword('CURRENT')) {
    cursor.expectKeyword('ROW', `CURRENT at position ${position} must be followed by ROW`);
  } else {
    // AND_POWER keeps `1 PRECEDING AND ...` from being read as a logical AND.
    bounds.push(reader.readExpression(AND_POWER));
    expectDirection(cursor, `the ${unit.upper} bound at position ${position}`);
  }
}

function expectDirection(cursor: TokenCursor, subject: string): void {
  if (cursor.skipKeyword('PRECEDING') || cursor.skipKeyword('FOLLOWING')) return;
  cursor.failAt(cursor.peek(), `${subject} must be followed by PRECEDING or FOLLOWING`);
}
