import { checkSyntax } from './check-syntax';
import type { Problem } from './problem';
import { byStart } from './problem';
import type { SyntaxNode } from './syntax-tree';
import type { Token } from './token';
import { tokenize } from './tokenize';

export interface ParsedExpression {
  tokens: Token[];
  /** Why the expression is INVALID, ordered by start; empty when VALID. */
  problems: Problem[];
  /**
   * Set when the tokens parse, even if a lexical problem (a typographic quote, an
   * invisible character) makes the expression INVALID: the parser reads through those.
   */
  tree?: SyntaxNode;
}

/** Tokens, problems and, when it parses, the tree of an expression. Never throws. */
export function parseExpression(expression: string): ParsedExpression {
  const { tokens, problems } = tokenize(expression);
  const syntax = checkSyntax(tokens);
  if (syntax.problem) problems.push(syntax.problem);
  problems.sort(byStart);
  return { tokens, problems, tree: syntax.tree };
}
