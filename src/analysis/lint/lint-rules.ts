import type { LintRule } from './lint-rule';
import { aggregateWithBareColumn } from './rules/aggregate-with-bare-column';
import { archivedFieldReference } from './rules/archived-field-reference';
import { caseWithoutElse } from './rules/case-without-else';
import { constantCondition } from './rules/constant-condition';
import { deepNesting } from './rules/deep-nesting';
import { duplicateWhen } from './rules/duplicate-when';
import { hardCodedDate } from './rules/hard-coded-date';
import { hiddenCharactersRule } from './rules/hidden-characters';
import { identicalCaseBranches } from './rules/identical-case-branches';
import { likeWithoutWildcard } from './rules/like-without-wildcard';
import { longExpression } from './rules/long-expression';
import { nestedAggregate } from './rules/nested-aggregate';
import { nullComparison } from './rules/null-comparison';
import { stringPlus } from './rules/string-plus';
import { unguardedDivision } from './rules/unguarded-division';
import { unknownFunction } from './rules/unknown-function';

/** Every lint rule, most severe first; docs/expressions.md describes each. */
export const lintRules: readonly LintRule[] = [
  nullComparison,
  nestedAggregate,
  unknownFunction,
  unguardedDivision,
  aggregateWithBareColumn,
  caseWithoutElse,
  identicalCaseBranches,
  duplicateWhen,
  constantCondition,
  stringPlus,
  archivedFieldReference,
  hiddenCharactersRule,
  hardCodedDate,
  likeWithoutWildcard,
  longExpression,
  deepNesting,
];

export function lintRuleById(id: string): LintRule | undefined {
  return lintRules.find((rule) => rule.id === id);
}

/**
 * What a rule is called wherever a lint finding is named: the drawer's Problems, the
 * audit's groups, and each field's note (the drawer's "In the latest scan", the
 * export's Findings column, the table's Why). An id no rule has is shown as it is.
 */
export function lintRuleTitle(id: string): string {
  return lintRuleById(id)?.title ?? id;
}

/** One lint finding in words: its rule's name, then what it found. */
export function lintNoteWords(note: { rule: string; message: string }): string {
  return `${lintRuleTitle(note.rule)}: ${note.message}`;
}
