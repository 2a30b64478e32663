import type { ColumnPosition } from '../contract/field';
import { INVALID, VALID } from '../contract/field';
import { collectFunctionUsage } from './collect-function-usage';
import type { FieldReference } from './field-references';
import { fieldReferencesOf } from './field-references';
import { parseExpression } from './parse-expression';
import type { Problem } from './problem';
import { byStart } from './problem';
import type { Token } from './token';

/** One backtick reference in the expression. */
export interface ColumnReference {
  /** The name between the backticks, exactly as written. */
  name: string;
  /** Offset of the opening backtick. */
  start: number;
  /** Offset just past the closing backtick. */
  end: number;
}

export interface ExpressionAnalysis {
  /** The wire form of `references` (docs/expressions.md). */
  columnPositions: ColumnPosition[];
  /** Every closed backtick reference outside strings and comments, in order; repeats kept. */
  references: ColumnReference[];
  /** Every `SERVICE_BEAST_MODE(<id>)`: a use of another calculated field, in order; repeats kept. */
  fieldReferences: FieldReference[];
  functions: string[];
  aggregated: boolean;
  analytic: boolean;
  /**
   * From the text alone; an id with no field or a reference cycle between fields
   * can still make a field INVALID (nested-references.ts).
   */
  status: typeof VALID | typeof INVALID;
  /** Why the expression is INVALID, ordered by start; empty when VALID. */
  problems: Problem[];
}

/**
 * Derives what the service stores with an expression, except the check sum (a
 * hash the service computes). Pure: runs in the service and in the browser alike.
 * Never throws.
 */
export function analyzeExpression(expression: string): ExpressionAnalysis {
  const parsed = parseExpression(expression);
  const { tokens } = parsed;
  const usage = collectFunctionUsage(tokens);
  const references = columnReferencesOf(tokens);
  const fields = fieldReferencesOf(tokens);
  const problems = [...parsed.problems, ...fields.problems].sort(byStart);
  return {
    columnPositions: references.map(({ name, start }) => ({
      columnName: `\`${name}\``,
      columnPosition: start,
    })),
    references,
    fieldReferences: fields.references,
    functions: usage.functions,
    aggregated: usage.aggregated,
    analytic: usage.analytic,
    status: problems.length === 0 ? VALID : INVALID,
    problems,
  };
}

/** Distinct referenced names without backticks, in order of first use. */
export function referencedColumns(analysis: Pick<ExpressionAnalysis, 'columnPositions'>): string[] {
  return [...new Set(analysis.columnPositions.map(({ columnName }) => columnName.slice(1, -1)))];
}

/** Every closed backtick reference among the tokens (strings and comments leave none), in order. */
export function columnReferencesOf(tokens: readonly Token[]): ColumnReference[] {
  const references: ColumnReference[] = [];
  for (const token of tokens) {
    if (token.kind === 'column' && !token.unterminated) {
      references.push({ name: token.text.slice(1, -1), start: token.start, end: token.end });
    }
  }
  return references;
}
