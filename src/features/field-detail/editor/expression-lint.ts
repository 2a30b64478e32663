import type { Diagnostic } from '@codemirror/lint';
import { linter } from '@codemirror/lint';
import { analyzeExpression } from '../../../analysis/analyze-expression';

/** How long typing pauses before the expression is checked again. */
const LINT_DELAY_MS = 150;

/** The analyzer's problems as the editor underlines them, in the drawer's words. */
export function expressionDiagnostics(text: string): Diagnostic[] {
  return analyzeExpression(text).problems.map((problem) => {
    const from = Math.min(problem.start, text.length);
    const end = problem.end ?? problem.start + 1;
    return {
      from,
      // A problem at the very end (a call never closed) still underlines its last character.
      to: Math.max(Math.min(end, text.length), Math.min(from + 1, text.length)),
      severity: 'error',
      message: problem.message,
    };
  });
}

export const expressionLint = linter((view) => expressionDiagnostics(view.state.doc.toString()), {
  delay: LINT_DELAY_MS,
});
