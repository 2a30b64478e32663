import { printable } from '../describe-token';
import type { SyntaxNode } from '../syntax-tree';
import type { Token } from '../token';

/**
 * A node's text for comparing two nodes: its tokens with words upper-cased and
 * single spaces between, so spacing, comments and the case of keywords and
 * function names do not make equal expressions differ.
 */
export function comparableText(node: SyntaxNode, tokens: readonly Token[]): string {
  const parts: string[] = [];
  for (let index = firstTokenAt(tokens, node.start); index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.start >= node.end) break;
    parts.push(token.kind === 'word' ? token.upper : token.text);
  }
  return parts.join(' ');
}

/** Index of the first token starting at or after `offset` (tokens are in order). */
function firstTokenAt(tokens: readonly Token[], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tokens[middle]!.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The node as written, on one line and shortened, for a message. */
export function quotedText(expression: string, node: SyntaxNode): string {
  // Only the start is quoted, so a megabyte-long node costs nothing.
  const end = Math.min(node.end, node.start + 200);
  return printable(expression.slice(node.start, end).replace(/\s+/g, ' '));
}

/** A backtick name for a message, shortened. */
export function quotedColumn(name: string): string {
  return `\`${printable(name)}\``;
}
