import type { SyntaxNode } from '../syntax-tree';
import type { Token } from '../token';

/** error: the result is wrong; warning: it is probably not what was meant; info: hard to keep right. */
export type LintSeverity = 'error' | 'warning' | 'info';

/** A calculated field the expression references by id (a nested reference). */
export interface ReferencedField {
  id: number;
  name: string;
  archived: boolean;
}

/** What the expression alone cannot tell; every part is optional. */
export interface LintContext {
  /** The fields the expression's SERVICE_BEAST_MODE(<id>) references stand for, keyed by id. */
  referencedFields?: ReadonlyMap<number, ReferencedField>;
}

/** One thing a rule found, anchored in the text. Offsets count UTF-16 code units. */
export interface LintFinding {
  ruleId: string;
  severity: LintSeverity;
  /** What is wrong here and what to do, in words, naming the offset. */
  message: string;
  start: number;
  /** Just past the flagged text; equal to `start` for a finding about the whole expression. */
  end: number;
}

/** What a rule looks at: the text, its tokens and its tree. */
export interface LintSubject {
  expression: string;
  tokens: readonly Token[];
  tree: SyntaxNode;
  context: LintContext;
}

export type Report = (finding: { start: number; end: number; message: string }) => void;

/** One documented rule (docs/expressions.md, lint rules). */
export interface LintRule {
  /** Stable, kebab-case; findings, docs and the audit name rules by it. */
  id: string;
  severity: LintSeverity;
  /** A few words for a list. */
  title: string;
  /** Why it matters, in a sentence or two. */
  why: string;
  /** How to fix it. */
  fix: string;
  check(subject: LintSubject, report: Report): void;
}
