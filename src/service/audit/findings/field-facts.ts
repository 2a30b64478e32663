import { hash } from 'node:crypto';
import { analyzeExpression, referencedColumns } from '../../../analysis/analyze-expression';
import type { FieldReference } from '../../../analysis/field-references';
import { firstUses } from '../../../analysis/field-references';
import { lintParsed } from '../../../analysis/lint/lint-expression';
import { parseExpression } from '../../../analysis/parse-expression';
import type { Token } from '../../../analysis/token';
import type { CalculatedField } from '../../../contract/field';

/** One link, as the findings read it. */
export interface LinkFacts {
  type: string;
  id: string;
  visible: boolean;
  active: boolean;
  valid: string;
}

/**
 * What the findings need to know of one state of a field, derived once when that
 * state is first stored (analysing 100,000 expressions takes seconds; reading
 * these back takes a fraction of that). The findings keep these for every field
 * in memory, so they hold no expression: the few rules that need one read it from
 * the audit's file (FindingContext.expressions; docs/audit.md, "Memory").
 */
export interface FieldFacts {
  id: number;
  name: string;
  owner: number;
  locked: boolean;
  archived: boolean;
  hidden: boolean;
  variable: boolean;
  global: boolean;
  aggregated: boolean;
  status: string;
  checkSum: string;
  created: number;
  lastModified: number;
  links: LinkFacts[];
  /** Distinct names between backticks (columns), in order of first use. */
  names: string[];
  /** The first SERVICE_BEAST_MODE(<id>) of each field it nests, in order. */
  nests: FieldReference[];
  functions: string[];
  /** Why the analyzer finds the expression INVALID; empty when it finds nothing. */
  problems: string[];
  /** Equal for expressions that differ only in case outside strings and names, spacing and comments. */
  shape: string;
  /** What the lint rules report, without knowing which names are other fields. */
  lint: LintNote[];
}

/**
 * A field's facts but what only the rules read (its digests, columns, nested
 * references, problems and lint): what the search index and the summary read, made
 * from the columns in a fraction of the time (the digests alone are turned back
 * into hex text).
 */
export type FieldBrief = Omit<
  FieldFacts,
  'checkSum' | 'shape' | 'names' | 'nests' | 'problems' | 'lint'
>;

/** One lint finding: the rule and what it says here. */
export interface LintNote {
  rule: string;
  message: string;
}

/**
 * Raised whenever what facts hold, or how they are derived, changes: stored facts
 * are then derived again. 2: the expression is no longer kept in the facts.
 * 3: nested references by id (`nests`). 4: the lint rule `hidden-characters`.
 */
export const FACTS_VERSION = 4;

/**
 * The expression with comments and spacing dropped and everything but string
 * literals and backtick names upper-cased: the key of near duplicates. Empty for
 * an expression with no tokens.
 */
export function expressionShape(tokens: readonly Token[]): string {
  if (tokens.length === 0) return '';
  const normalized = tokens
    .map((token) =>
      token.kind === 'string' || token.kind === 'column' ? token.text : token.text.toUpperCase(),
    )
    .join(' ');
  return hash('sha1', normalized, 'hex');
}

export function factsOf(field: CalculatedField): FieldFacts {
  const analysis = analyzeExpression(field.expression);
  const parsed = parseExpression(field.expression);
  return {
    id: field.id,
    name: field.name,
    owner: field.owner,
    locked: field.locked,
    archived: field.archived,
    hidden: field.hidden,
    variable: field.variable,
    global: field.global,
    aggregated: field.aggregated,
    status: field.status,
    checkSum: field.checkSum,
    created: field.created,
    lastModified: field.lastModified,
    links: field.links.map((link) => ({
      type: link.resource.type,
      id: link.resource.id,
      visible: link.visible,
      active: link.active,
      valid: link.valid,
    })),
    names: referencedColumns(analysis),
    nests: firstUses(analysis.fieldReferences),
    functions: field.functions,
    problems: analysis.problems.map((problem) => problem.message),
    shape: expressionShape(parsed.tokens),
    lint: lintParsed(field.expression, parsed).map(({ ruleId, message }) => ({
      rule: ruleId,
      message,
    })),
  };
}
