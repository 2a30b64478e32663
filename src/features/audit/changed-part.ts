/** Characters of unchanged text kept on each side of a change, so it can be found. */
const CONTEXT = 24;

const isWordCharacter = (character: string) => /\w/.test(character);

export interface ChangedPart {
  /** Unchanged text just before the change; `cutBefore` when more came before it. */
  before: string;
  cutBefore: boolean;
  removed: string;
  added: string;
  after: string;
  cutAfter: boolean;
}

/**
 * The part of an expression that changed: what the two versions share at the start
 * and the end is left out, but for a little context either side. One span of change,
 * from the first differing word to the last: enough to see what an edit did without
 * reading two long expressions side by side.
 */
export function changedPart(was: string, is: string): ChangedPart {
  let start = 0;
  while (start < was.length && start < is.length && was[start] === is[start]) start += 1;
  let end = 0;
  while (
    end < was.length - start &&
    end < is.length - start &&
    was[was.length - 1 - end] === is[is.length - 1 - end]
  )
    end += 1;
  // Whole words: "North" to "South" changed a word, not the letters before "th".
  if (was !== is) {
    while (start > 0 && isWordCharacter(was[start - 1]!)) start -= 1;
    while (end > 0 && isWordCharacter(was[was.length - end]!)) end -= 1;
  }
  const contextStart = Math.max(0, start - CONTEXT);
  const afterEnd = Math.min(was.length, was.length - end + CONTEXT);
  return {
    before: was.slice(contextStart, start),
    cutBefore: contextStart > 0,
    removed: was.slice(start, was.length - end),
    added: is.slice(start, is.length - end),
    after: was.slice(was.length - end, afterEnd),
    cutAfter: afterEnd < was.length,
  };
}
