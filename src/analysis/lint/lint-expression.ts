import type { ParsedExpression } from '../parse-expression';
import { parseExpression } from '../parse-expression';
import type { LintContext, LintFinding, LintRule } from './lint-rule';
import { lintRules } from './lint-rules';

/**
 * Runs every lint rule over an expression; findings ordered by start, then by rule
 * order. An expression that does not parse gets none: its problems come first.
 * Pure and never throws, so the service (the audit) and the browser (the drawer)
 * run the same rules.
 */
export function lintExpression(expression: string, context: LintContext = {}): LintFinding[] {
  return lintParsed(expression, parseExpression(expression), context);
}

/** As lintExpression, for a caller that has parsed the expression already. */
export function lintParsed(
  expression: string,
  parsed: ParsedExpression,
  context: LintContext = {},
  rules: readonly LintRule[] = lintRules,
): LintFinding[] {
  const { tree, tokens } = parsed;
  if (!tree) return [];
  const findings: LintFinding[] = [];
  for (const rule of rules) {
    rule.check({ expression, tokens, tree, context }, ({ start, end, message }) =>
      findings.push({ ruleId: rule.id, severity: rule.severity, message, start, end }),
    );
  }
  const order = new Map(rules.map((rule, index) => [rule.id, index]));
  return findings.sort((a, b) => a.start - b.start || order.get(a.ruleId)! - order.get(b.ruleId)!);
}
