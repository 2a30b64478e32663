import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { lintExpression } from '../../../../analysis/lint/lint-expression';
import type { ReferencedField } from '../../../../analysis/lint/lint-rule';
import { lintRuleById } from '../../../../analysis/lint/lint-rules';
import type { LintNote } from '../field-facts';
import type { FieldRule } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import type { FindingContext } from '../finding-context';

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
 * other fields is linted again knowing them (a reference to an archived field),
 * its expression read for that; the others
 * keep what was found when stored.
 */
export function lintFindings({ fields, references, expressions }: FindingContext): FieldRule {
  const notes = new Map<number, string>();
  const entries: Array<[string, number]> = [];
  const expressionOf = expressions([...references.nests.keys()]);
  return {
    visit(field) {
      const targets = references.nests.get(field.id);
      const expression = expressionOf.get(field.id);
      const found =
        targets && expression !== undefined
          ? lintWithReferences(
              expression,
              new Map(
                targets.flatMap((id) => {
                  const target = fields.get(id);
                  return target ? [[id, { id, name: target.name, archived: target.archived }]] : [];
                }),
              ),
            )
          : field.lint;
      if (found.length === 0) return;
      notes.set(field.id, found.map((note) => note.message).join('; '));
      for (const rule of new Set(found.map((note) => note.rule))) entries.push([rule, field.id]);
    },
    finish() {
      const groups = [...groupIds(entries)]
        .map(([key, ids]) => ({ key, ids, title: lintRuleById(key)?.title ?? key }))
        .sort(byGroupSize);
      return { key: 'lint', ids: [...notes.keys()], groups, notes };
    },
  };
}
