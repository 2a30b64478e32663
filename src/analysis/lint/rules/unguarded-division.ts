import type { BinaryNode, CaseNode, SyntaxNode } from '../../syntax-tree';
import { walkTree, withoutParentheses } from '../../syntax-tree';
import type { LintRule, LintSubject } from '../lint-rule';
import { comparableText, quotedText } from '../node-text';

export const unguardedDivision: LintRule = {
  id: 'unguarded-division',
  severity: 'warning',
  title: 'Division without a zero guard',
  why: 'Where the divisor is 0 the result is NULL or an error, and the card shows a blank or fails without saying why.',
  fix: 'Divide by NULLIF(divisor, 0), or test the divisor in a CASE (CASE WHEN divisor <> 0 THEN ... END) and say what a zero should give.',
  check({ expression, tokens, tree }, report) {
    walkTree(tree, (node, ancestors) => {
      if (node.kind !== 'binary' || node.operator !== '/') return;
      const divisor = withoutParentheses(node.right);
      if (isZero(divisor)) {
        report(
          at(
            node,
            `'/' at position ${node.operatorStart} divides by 0: the result is never a number`,
          ),
        );
        return;
      }
      if (isSafeDivisor(divisor)) return;
      const divisorText = comparableText(divisor, tokens);
      if (guardedByCase(ancestors, divisorText, tokens)) return;
      report(
        at(
          node,
          `'/' at position ${node.operatorStart} divides by ${quotedText(expression, divisor)}, which can be 0: wrap the divisor in NULLIF(..., 0) or test it in a CASE`,
        ),
      );
    });
  },
};

function at(node: BinaryNode, message: string) {
  return { start: node.operatorStart, end: node.operatorEnd, message };
}

function isZero(node: SyntaxNode): boolean {
  const value = withoutSign(node);
  return value.kind === 'literal' && value.type === 'number' && Number(value.text) === 0;
}

/** A non-zero number, NULLIF(...) or a CASE that decides itself what to divide by. */
function isSafeDivisor(node: SyntaxNode): boolean {
  const value = withoutSign(node);
  if (value.kind === 'literal' && value.type === 'number') return true;
  if (value.kind === 'call' && value.name === 'NULLIF') return true;
  return value.kind === 'case';
}

function withoutSign(node: SyntaxNode): SyntaxNode {
  let inner = withoutParentheses(node);
  while (inner.kind === 'unary' && inner.operator !== 'NOT')
    inner = withoutParentheses(inner.operand);
  return inner;
}

/** Inside a CASE one of whose conditions mentions the divisor: `CASE WHEN d <> 0 THEN n / d END`. */
function guardedByCase(
  ancestors: readonly SyntaxNode[],
  divisorText: string,
  tokens: LintSubject['tokens'],
): boolean {
  return ancestors.some(
    (ancestor) =>
      ancestor.kind === 'case' &&
      conditionsOf(ancestor).some((condition) =>
        comparableText(condition, tokens).includes(divisorText),
      ),
  );
}

function conditionsOf(node: CaseNode): SyntaxNode[] {
  return node.subject ? [node.subject] : node.branches.map((branch) => branch.when);
}
