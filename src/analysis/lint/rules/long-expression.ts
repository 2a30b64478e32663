import type { LintRule } from '../lint-rule';

/** Longer than this many characters, an expression is hard to read and to check. */
export const LONG_EXPRESSION_LENGTH = 1000;

export const longExpression: LintRule = {
  id: 'long-expression',
  severity: 'info',
  title: 'Very long expression',
  why: `Beyond ${LONG_EXPRESSION_LENGTH} characters nobody reads a formula whole; mistakes hide in it and every change risks another.`,
  fix: 'Move repeated or separate parts into their own calculated fields and reference them by name.',
  check({ expression }, report) {
    if (expression.length <= LONG_EXPRESSION_LENGTH) return;
    report({
      start: 0,
      end: 0,
      message: `the expression is ${expression.length.toLocaleString('en-US')} characters long (more than ${LONG_EXPRESSION_LENGTH.toLocaleString('en-US')})`,
    });
  },
};
