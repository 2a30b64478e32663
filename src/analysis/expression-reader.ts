import type { SyntaxNode } from './syntax-tree';
import type { TokenCursor } from './token-cursor';

/** What the call and window grammars need from the expression parser. */
export interface ExpressionReader {
  readonly cursor: TokenCursor;
  /** Reads one expression whose infix operators bind tighter than minPower. */
  readExpression(minPower: number): SyntaxNode;
}
