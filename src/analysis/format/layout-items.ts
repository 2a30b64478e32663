import { isWhitespace } from '../characters';
import { isKeywordOf } from '../keywords';
import type { Token } from '../token';

/**
 * The expression as the layout sees it: tokens and comments, with parentheses
 * and CASE ... END as nested groups. Built from tokens alone, so an expression
 * that does not parse (a CASE without END, a missing ')') still gets a layout.
 */
export type LayoutItem = Atom | Parens | CaseBlock;

/** A token or a comment, copied as written. */
export interface Atom {
  kind: 'atom';
  text: string;
  start: number;
  token?: Token;
  /** `--` comments run to the end of the line, so a line break must follow them. */
  lineComment?: boolean;
}

export interface Parens {
  kind: 'parens';
  open: Atom;
  items: LayoutItem[];
  close?: Atom;
}

export interface CaseBlock {
  kind: 'case';
  keyword: Atom;
  items: LayoutItem[];
  end?: Atom;
}

type Container = Parens | CaseBlock | { kind: 'root'; items: LayoutItem[] };

export function layoutItems(expression: string, tokens: readonly Token[]): LayoutItem[] {
  const root: Container = { kind: 'root', items: [] };
  const stack: Container[] = [root];
  const top = () => stack[stack.length - 1]!;
  const closeTop = () => {
    const closed = stack.pop() as Parens | CaseBlock;
    top().items.push(closed);
  };

  for (const atom of atomsOf(expression, tokens)) {
    const { token } = atom;
    if (token?.kind === 'open') {
      stack.push({ kind: 'parens', open: atom, items: [] });
    } else if (token?.kind === 'close' && stack.some((container) => container.kind === 'parens')) {
      // A CASE left open inside the parentheses ends with them.
      while (top().kind !== 'parens') closeTop();
      (top() as Parens).close = atom;
      closeTop();
    } else if (isKeywordOf(token, 'CASE')) {
      stack.push({ kind: 'case', keyword: atom, items: [] });
    } else if (isKeywordOf(token, 'END') && top().kind === 'case') {
      (top() as CaseBlock).end = atom;
      closeTop();
    } else {
      top().items.push(atom);
    }
  }
  while (stack.length > 1) closeTop();
  return root.items;
}

/** Tokens and the comments (and other visible text) in the gaps between them, in order. */
function atomsOf(expression: string, tokens: readonly Token[]): Atom[] {
  const atoms: Atom[] = [];
  let from = 0;
  for (const token of tokens) {
    atoms.push(...gapAtoms(expression, from, token.start));
    atoms.push({ kind: 'atom', text: token.text, start: token.start, token });
    from = token.end;
  }
  atoms.push(...gapAtoms(expression, from, expression.length));
  return atoms;
}

/** Comments and stray characters (an invisible one) between `from` and `to`. */
function gapAtoms(expression: string, from: number, to: number): Atom[] {
  const atoms: Atom[] = [];
  let index = from;
  while (index < to) {
    if (isWhitespace(expression.charCodeAt(index))) {
      index += 1;
      continue;
    }
    const start = index;
    if (expression.startsWith('--', index)) {
      while (index < to && !/[\n\r\u2028\u2029]/.test(expression.charAt(index))) index += 1;
      const text = expression.slice(start, index).trimEnd();
      atoms.push({ kind: 'atom', text, start, lineComment: true });
      continue;
    }
    if (expression.startsWith('/*', index)) {
      const close = expression.indexOf('*/', index + 2);
      if (close === -1 || close + 2 > to) {
        // A comment never closed runs to the end, so it would swallow the line
        // breaks the layout adds after it, and each formatting would add one more.
        atoms.push({ kind: 'atom', text: expression.slice(start, to).trimEnd(), start });
        index = to;
        continue;
      }
      index = close + 2;
    } else {
      index += 1;
    }
    atoms.push({ kind: 'atom', text: expression.slice(start, index), start });
  }
  return atoms;
}
