/** What find and replace looks for (docs/audit.md, "Find and replace"). */
export interface SearchPattern {
  find: string;
  /** A JavaScript regular expression, without slashes or flags; otherwise plain text. */
  regex: boolean;
  matchCase: boolean;
}

export const MAX_PATTERN_LENGTH = 500;

export type CompiledPattern = { ok: true; regex: RegExp } | { ok: false; message: string };

/**
 * The pattern as a global RegExp, or why it cannot be used: it does not compile,
 * or it could backtrack for ever (catastrophicReason). Plain text is escaped, so
 * it never fails.
 */
export function compilePattern(pattern: SearchPattern): CompiledPattern {
  if (pattern.find.length === 0) return { ok: false, message: 'type something to find' };
  if (pattern.find.length > MAX_PATTERN_LENGTH) {
    return { ok: false, message: `the pattern is longer than ${MAX_PATTERN_LENGTH} characters` };
  }
  const source = pattern.regex ? pattern.find : escapeRegex(pattern.find);
  const flags = pattern.matchCase ? 'g' : 'gi';
  if (pattern.regex) {
    const reason = catastrophicReason(source);
    if (reason !== undefined) return { ok: false, message: reason };
  }
  try {
    return { ok: true, regex: new RegExp(source, flags) };
  } catch (error) {
    const detail =
      error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
    return { ok: false, message: `not a valid regular expression: ${detail}`.slice(0, 300) };
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

interface GroupFrame {
  quantified: boolean;
  alternation: boolean;
}

/**
 * Why a pattern is refused before it runs, or undefined. JavaScript's engine
 * backtracks and cannot be interrupted, so a pattern that can take exponential
 * time would hold the server: refused are backreferences, a quantifier on a group
 * that holds a quantifier (`(a+)+`) and a quantifier on a group with alternatives
 * (`(a|a)*`), the shapes behind catastrophic backtracking (docs/decisions.md).
 */
export function catastrophicReason(source: string): string | undefined {
  const stack: GroupFrame[] = [{ quantified: false, alternation: false }];
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const top = stack[stack.length - 1]!;
    if (char === '\\') {
      const next = source[index + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && source[index + 2] === '<')) {
        return `backreferences (\\${next}) are not allowed in a search: they can make it run for ever`;
      }
      index += 2;
      continue;
    }
    if (char === '[') {
      index = afterCharacterClass(source, index);
      continue;
    }
    if (char === '(') {
      stack.push({ quantified: false, alternation: false });
      index += 1;
      if (source[index] === '?') index += 1;
      continue;
    }
    if (char === '|') {
      top.alternation = true;
      index += 1;
      continue;
    }
    if (char === ')' && stack.length > 1) {
      stack.pop();
      const parent = stack[stack.length - 1]!;
      const quantifierEnd = afterQuantifier(source, index + 1);
      if (quantifierEnd > index + 1) {
        if (top.quantified) {
          return `a repeated group that repeats inside (like (a+)+) is not allowed in a search: it can make it run for ever; at position ${index}`;
        }
        if (top.alternation) {
          return `a repeated group with alternatives (like (a|b)*) is not allowed in a search: it can make it run for ever; use a character class [ab]* where you can; at position ${index}`;
        }
        parent.quantified = true;
        index = quantifierEnd;
        continue;
      }
      if (top.quantified) parent.quantified = true;
      index += 1;
      continue;
    }
    const quantifierEnd = afterQuantifier(source, index);
    if (quantifierEnd > index) {
      top.quantified = true;
      index = quantifierEnd;
      continue;
    }
    index += 1;
  }
  return undefined;
}

function afterCharacterClass(source: string, start: number): number {
  let index = start + 1;
  while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** Offset after a quantifier (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, lazy or not) at `index`, or `index`. */
function afterQuantifier(source: string, index: number): number {
  const match = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(source.slice(index, index + 24));
  return match ? index + match[0].length : index;
}
