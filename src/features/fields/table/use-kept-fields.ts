import { replaceEqualDeep } from '@tanstack/react-query';
import { useState } from 'react';
import type { SearchResponse } from '../../../contract/search';

/**
 * The answer to show, with each field that equals the field at the same place in the
 * answer shown before kept as that same object. A row whose field is the same object is
 * not drawn again (FieldRow), so when a page grows from 50 rows to 5,000 the rows
 * already on screen are left as they are. React Query shares unchanged parts only
 * within one query, and a new view is another query.
 */
export function useKeptFields<Answer extends SearchResponse>(
  answer: Answer | undefined,
): Answer | undefined {
  const [shown, setShown] = useState({ answer, kept: answer });
  if (shown.answer === answer) return shown.kept;
  // Kept from the previous render as React advises, by setting state while rendering.
  const kept = answer && {
    ...answer,
    results: replaceEqualDeep(shown.kept?.results, answer.results),
  };
  setShown({ answer, kept });
  return kept;
}
