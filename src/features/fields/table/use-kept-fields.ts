import { replaceEqualDeep } from '@tanstack/react-query';
import { useState } from 'react';
import type { SearchResultItem } from '../../../contract/field';
import type { SearchResponse } from '../../../contract/search';

/** Each field equal to the one with its id in `before`, as that same object. */
function keepEqualFields(
  before: readonly SearchResultItem[] | undefined,
  next: SearchResultItem[],
): SearchResultItem[] {
  if (!before) return next;
  const byId = new Map(before.map((field) => [field.id, field]));
  const kept = next.map((field) => {
    const earlier = byId.get(field.id);
    return earlier ? replaceEqualDeep(earlier, field) : field;
  });
  // The same list when every field is kept at its place, as React Query shares a list.
  return kept.length === before.length && kept.every((field, index) => field === before[index])
    ? (before as SearchResultItem[])
    : kept;
}

/**
 * The answer to show, with each field that equals the field of the same id in the
 * answer shown before kept as that same object. A row whose field is the same object
 * does not draw its cells again (FieldRow): when a page grows from 50 rows to 5,000
 * the rows already on screen are left as they are, and when a typed letter narrows
 * the search, the rows that stay (moved up among the others) keep their cells.
 * React Query shares unchanged parts only within one query, and a new view is
 * another query.
 */
export function useKeptFields<Answer extends SearchResponse>(
  answer: Answer | undefined,
): Answer | undefined {
  const [shown, setShown] = useState({ answer, kept: answer });
  if (shown.answer === answer) return shown.kept;
  // Kept from the previous render as React advises, by setting state while rendering.
  const kept = answer && {
    ...answer,
    results: keepEqualFields(shown.kept?.results, answer.results),
  };
  setShown({ answer, kept });
  return kept;
}
