import { INVALID, VALID } from '../contract/field';
import { checkSumOf } from './check-sum';
import { checkSyntax } from './check-syntax';
import { collectFunctionUsage } from './collect-function-usage';
import type { Token } from './token';
import { tokenize } from './tokenize';

export interface ExpressionAnalysis {
  checkSum: string;
  /** One per reference, in order; a reference whose backtick never closes is left out. */
  columnPositions: { columnName: string; columnPosition: number }[];
  functions: string[];
  aggregated: boolean;
  analytic: boolean;
  status: typeof VALID | typeof INVALID;
  /** Why the expression is INVALID, ordered by position; empty when VALID. */
  problems: string[];
}

/** Derives the fields the service stores with an expression (contract section 6). Never throws. */
export function analyzeExpression(expression: string): ExpressionAnalysis {
  const { tokens, problems } = tokenize(expression);
  const syntaxProblem = checkSyntax(tokens);
  if (syntaxProblem !== undefined) {
    problems.push(syntaxProblem);
    problems.sort((first, second) => first.position - second.position);
  }
  const usage = collectFunctionUsage(tokens);
  return {
    checkSum: checkSumOf(expression),
    columnPositions: columnPositionsOf(tokens),
    functions: usage.functions,
    aggregated: usage.aggregated,
    analytic: usage.analytic,
    status: problems.length === 0 ? VALID : INVALID,
    problems: problems.map((problem) => problem.message),
  };
}

/** Distinct column names without backticks, in order of first use. */
export function referencedColumns(analysis: Pick<ExpressionAnalysis, 'columnPositions'>): string[] {
  const names = new Set<string>();
  for (const { columnName } of analysis.columnPositions) names.add(columnName.slice(1, -1));
  return [...names];
}

function columnPositionsOf(tokens: readonly Token[]): ExpressionAnalysis['columnPositions'] {
  const positions: ExpressionAnalysis['columnPositions'] = [];
  for (const token of tokens) {
    if (token.kind === 'column' && !token.unterminated) {
      positions.push({ columnName: token.text, columnPosition: token.start });
    }
  }
  return positions;
}
