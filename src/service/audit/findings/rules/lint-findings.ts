import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { lintExpression } from '../../../../analysis/lint/lint-expression';
import type { ReferencedField } from '../../../../analysis/lint/lint-rule';
import { lintNoteWords, lintRuleTitle } from '../../../../analysis/lint/lint-rules';
import { referencesTellLint } from '../../../../analysis/lint/rules/archived-field-reference';
import type { LintNote } from '../field-facts';
import type { Finding } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';

/**
 * Lint with references known, by the expression's hash and the referenced fields:
 * the same pair lints the same. Keyed by hash so the cache holds no expressions.
 */
const withReferences = new LRUCache<string, LintNote[]>({ max: 50_000 });

function lintWithReferences(expression: string, fields: Map<number, ReferencedField>): LintNote[] {
  const key = `${JSON.stringify([...fields])}\n${hash('sha1', expression, 'base64')}`;
  let notes = withReferences.get(key);
  if (!notes) {
    notes = lintExpression(expression, { referencedFields: fields }).map(({ ruleId, message }) => ({
      rule: ruleId,
      message,
    }));
    withReferences.set(key, notes);
  }
  return notes;
}

/**
 * Fields the analyzer's lint rules report, grouped by rule. A field that references
 * an archived field is linted again knowing the fields it references, its expression
 * read for that; the others keep what was found when stored (at 1,000,000 fields,
 * reading the expression of every field that nests another took seconds).
 */
export function lintFindings({ columns, references, expressions }: RuleInput): Finding {
  const notes = new Map<number, string>();
  const entries: Array<[string, number]> = [];
  const referenced = new Map<number, Map<number, ReferencedField>>();
  for (const [id, targets] of references.nests) {
    const known = new Map(
      targets.flatMap((target) => {
        const at = columns.positionOf(target);
        if (at === undefined) return [];
        return [
          [target, { id: target, name: columns.nameAt(at), archived: columns.isArchived(at) }],
        ];
      }),
    );
    // Only these are linted again: the others' stored lint is what linting again finds.
    if (referencesTellLint(known)) referenced.set(id, known);
  }
  const expressionOf = expressions([...referenced.keys()]);
  for (let at = 0; at < columns.count; at += 1) {
    const id = columns.idAt(at);
    const targets = referenced.get(id);
    if (!targets && !columns.hasLint(at)) continue;
    const expression = expressionOf.get(id);
    const found =
      targets && expression !== undefined
        ? lintWithReferences(expression, targets)
        : columns.lintAt(at);
    if (found.length === 0) continue;
    notes.set(id, found.map(lintNoteWords).join('; '));
    for (const rule of new Set(found.map((note) => note.rule))) entries.push([rule, id]);
  }
  const groups = [...groupIds(entries)]
    .map(([key, ids]) => ({ key, ids, title: lintRuleTitle(key) }))
    .sort(byGroupSize);
  return { key: 'lint', ids: [...notes.keys()], groups: FindingGroups.of(groups), notes };
}
