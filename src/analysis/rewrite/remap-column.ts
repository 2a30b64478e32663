import { columnReferencesOf } from '../analyze-expression';
import { tokenize } from '../tokenize';
import type { Rewrite, TextEdit } from './text-edit';
import { applyEdits } from './text-edit';

/**
 * Replaces every reference to column `from` by `to`, at the analyzer's column
 * positions: a backtick inside a string or a comment is no reference, so neither
 * is touched. Names compare exactly as written, as the analyzer reads them.
 */
export function remapColumn(expression: string, from: string, to: string): Rewrite {
  if (to.includes('`')) throw new Error('a column name cannot hold a backtick');
  const edits: TextEdit[] = columnReferencesOf(tokenize(expression).tokens)
    .filter((reference) => reference.name === from)
    .map(({ start, end }) => ({ start, end, text: `\`${to}\`` }));
  return applyEdits(expression, edits);
}
