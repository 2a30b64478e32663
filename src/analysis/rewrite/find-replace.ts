import { tokenize } from '../tokenize';
import type { Rewrite, TextEdit } from './text-edit';
import { applyEdits } from './text-edit';

export interface ReplaceOptions {
  /** A global RegExp from compilePattern. */
  regex: RegExp;
  replacement: string;
  /** Expand `$&`, `$1`, `$<name>` and `$$` in the replacement (regular expressions only). */
  expand: boolean;
  /** Leave strings and comments as they are: a match touching one is not replaced. */
  codeOnly: boolean;
}

/** Replaces every match of the pattern; with `codeOnly`, none that touches a string or a comment. */
export function findAndReplace(expression: string, options: ReplaceOptions): Rewrite {
  const protectedSpans = options.codeOnly ? stringsAndComments(expression) : [];
  const edits: TextEdit[] = [];
  const regex = new RegExp(options.regex.source, options.regex.flags);
  for (const match of expression.matchAll(regex)) {
    const start = match.index;
    const end = start + match[0].length;
    if (protectedSpans.some((span) => touches(span, start, end))) continue;
    const text = options.expand ? expand(options.replacement, match) : options.replacement;
    if (text !== match[0]) edits.push({ start, end, text });
  }
  return applyEdits(expression, edits);
}

interface Span {
  start: number;
  end: number;
}

function touches(span: Span, start: number, end: number): boolean {
  return start === end
    ? span.start <= start && start < span.end
    : start < span.end && span.start < end;
}

/**
 * Strings are tokens; comments leave none, so they are whatever is neither a
 * token nor white space between two tokens (or after the last).
 */
export function stringsAndComments(expression: string): Span[] {
  const spans: Span[] = [];
  let from = 0;
  const gap = (start: number, end: number) => {
    const text = expression.slice(start, end);
    const first = text.search(/\S/u);
    if (first === -1) return;
    spans.push({ start: start + first, end: start + text.trimEnd().length });
  };
  for (const token of tokenize(expression).tokens) {
    gap(from, token.start);
    if (token.kind === 'string') spans.push({ start: token.start, end: token.end });
    from = token.end;
  }
  gap(from, expression.length);
  return spans;
}

function expand(replacement: string, match: RegExpExecArray | RegExpMatchArray): string {
  return replacement.replace(
    /\$(\$|&|\d{1,2}|<([^>]*)>)/g,
    (whole, token: string, name?: string) => {
      if (token === '$') return '$';
      if (token === '&') return match[0];
      if (name !== undefined) return match.groups?.[name] ?? '';
      const group = Number(token);
      return group > 0 && group < match.length ? (match[group] ?? '') : whole;
    },
  );
}
