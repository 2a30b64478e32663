import { isKeyword, isKeywordOf } from '../keywords';
import { endsOperand } from '../operand-boundaries';
import { tokenize } from '../tokenize';
import type { Doc, MappedPiece } from './layout-doc';
import {
  addedText,
  group,
  hardline,
  indent,
  line,
  printDoc,
  softline,
  sourceText,
} from './layout-doc';
import type { Atom, CaseBlock, LayoutItem, Parens } from './layout-items';
import { layoutItems } from './layout-items';

/** Columns a formatted line aims to stay within. */
export const FORMAT_WIDTH = 72;

export interface FormattedExpression {
  text: string;
  /** Where an offset of the original expression is in the formatted text. */
  toFormatted(offset: number): number;
  /** Where the end of a span (an offset just past it) is in the formatted text. */
  endToFormatted(offset: number): number;
}

/**
 * Lays the expression out over indented lines: CASE with one WHEN, ELSE and END
 * per line, calls that do not fit with one argument per line, and long AND/OR
 * chains with one condition per line. Every token and comment is kept exactly as
 * written, in order; only the spaces between them change. Works on expressions
 * that do not parse as well.
 */
export function formatExpression(expression: string, width = FORMAT_WIDTH): FormattedExpression {
  const items = layoutItems(expression, tokenize(expression).tokens);
  const { text, pieces } = printDoc(sequence(items), width);
  return {
    text,
    toFormatted: (offset) => mapOffset(pieces, offset, false),
    endToFormatted: (offset) => mapOffset(pieces, offset, true),
  };
}

/** Items at one level, split into conditions at AND and OR (not the AND of BETWEEN). */
function sequence(items: LayoutItem[]): Doc {
  const parts: LayoutItem[][] = [[]];
  const operators: Atom[] = [];
  let openBetweens = 0;
  for (const item of items) {
    if (item.kind === 'atom' && isKeywordOf(item.token, 'BETWEEN')) openBetweens += 1;
    const splits =
      item.kind === 'atom' &&
      (isKeywordOf(item.token, 'OR') || (isKeywordOf(item.token, 'AND') && openBetweens === 0));
    if (item.kind === 'atom' && isKeywordOf(item.token, 'AND') && openBetweens > 0) {
      openBetweens -= 1;
    }
    if (splits) {
      operators.push(item as Atom);
      parts.push([]);
    } else {
      parts[parts.length - 1]!.push(item);
    }
  }
  const [first = [], ...rest] = parts;
  if (rest.length === 0) return group(...inline(first));
  return group(
    ...inline(first),
    indent(
      ...rest.flatMap((part, index) => [
        line,
        atomText(operators[index]!),
        ...(part.length > 0 ? [addedText(' '), ...inline(part)] : []),
      ]),
    ),
  );
}

/** Items side by side, with the spaces SQL is usually written with. */
function inline(items: LayoutItem[]): Doc[] {
  const docs: Doc[] = [];
  items.forEach((item, index) => {
    if (index > 0 && spaceBefore(items, index)) docs.push(addedText(' '));
    docs.push(itemDoc(item));
    if (item.kind === 'atom' && item.lineComment) docs.push(hardline);
  });
  return docs;
}

function itemDoc(item: LayoutItem): Doc {
  switch (item.kind) {
    case 'atom':
      return atomText(item);
    case 'parens':
      return parensDoc(item);
    case 'case':
      return caseDoc(item);
  }
}

function atomText(atom: Atom): Doc {
  return sourceText(atom.text, atom.start);
}

/** `(` arguments `)`: one line when it fits, else one argument per indented line. */
function parensDoc(parens: Parens): Doc {
  const close = parens.close ? [atomText(parens.close)] : [];
  if (parens.items.length === 0) return group(atomText(parens.open), ...close);
  const args: LayoutItem[][] = [[]];
  const commas: Atom[] = [];
  for (const item of parens.items) {
    if (item.kind === 'atom' && item.token?.kind === 'comma') {
      commas.push(item);
      args.push([]);
    } else {
      args[args.length - 1]!.push(item);
    }
  }
  const inside = args.flatMap((arg, index) => [
    ...(index > 0 ? [line] : []),
    sequence(arg),
    ...(commas[index] ? [atomText(commas[index])] : []),
  ]);
  return group(atomText(parens.open), indent(softline, ...inside), softline, ...close);
}

/** CASE, then each WHEN ... THEN and the ELSE on its own indented line, then END. */
function caseDoc(block: CaseBlock): Doc {
  const clauses: Array<{ keyword?: Atom; items: LayoutItem[] }> = [{ items: [] }];
  for (const item of block.items) {
    if (item.kind === 'atom' && isClauseKeyword(item)) clauses.push({ keyword: item, items: [] });
    else clauses[clauses.length - 1]!.items.push(item);
  }
  const [subject, ...rest] = clauses;
  const lines: Doc[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const clause = rest[index]!;
    const next = rest[index + 1];
    if (isKeywordOf(clause.keyword?.token, 'WHEN') && isKeywordOf(next?.keyword?.token, 'THEN')) {
      lines.push(hardline, group(clauseDoc(clause), indent(line, clauseDoc(next!))));
      index += 1;
    } else {
      lines.push(hardline, clauseDoc(clause));
    }
  }
  return group(
    atomText(block.keyword),
    ...(subject!.items.length > 0 ? [addedText(' '), sequence(subject!.items)] : []),
    indent(...lines),
    ...(block.end ? [hardline, atomText(block.end)] : []),
  );
}

function clauseDoc(clause: { keyword?: Atom; items: LayoutItem[] }): Doc {
  const body = clause.items.length > 0 ? [addedText(' '), sequence(clause.items)] : [];
  return group(...(clause.keyword ? [atomText(clause.keyword)] : []), ...body);
}

function isClauseKeyword(atom: Atom): boolean {
  return ['WHEN', 'THEN', 'ELSE'].some((keyword) => isKeywordOf(atom.token, keyword));
}

/** No space before a comma, between a function and its '(', or after a sign. */
function spaceBefore(items: LayoutItem[], index: number): boolean {
  const item = items[index]!;
  const previous = items[index - 1]!;
  // The line break after a `--` comment is all the space needed.
  if (previous.kind === 'atom' && previous.lineComment) return false;
  if (item.kind === 'atom' && item.token?.kind === 'comma') return false;
  if (item.kind === 'parens' && previous.kind === 'atom' && isCallName(previous)) return false;
  // Never `--`: two minus signs side by side start a comment.
  const startsWithMinus = item.kind === 'atom' && item.text.startsWith('-');
  if (previous.kind === 'atom' && isSign(items, index - 1) && !startsWithMinus) return false;
  return true;
}

function isCallName(atom: Atom): boolean {
  const { token } = atom;
  return token?.kind === 'word' && !isKeyword(token) && token.upper !== 'FIXED';
}

/** A + or - with no operand before it: `-1`, `* -x`, `THEN -2`. */
function isSign(items: LayoutItem[], index: number): boolean {
  const atom = items[index]!;
  if (atom.kind !== 'atom' || (atom.text !== '-' && atom.text !== '+') || !atom.token) return false;
  for (let before = index - 1; before >= 0; before -= 1) {
    const previous = items[before]!;
    if (previous.kind !== 'atom') return false;
    if (previous.token) return !endsOperand(previous.token);
  }
  return true;
}

/**
 * An offset inside a copied piece moves with it. An offset between pieces (in
 * spaces the layout may have changed) goes to the start of the next piece, or,
 * for the end of a span, to the end of the previous one.
 */
function mapOffset(pieces: readonly MappedPiece[], offset: number, isEnd: boolean): number {
  let low = 0;
  let high = pieces.length;
  // The first piece that ends after the offset (or at it, for an end).
  while (low < high) {
    const middle = (low + high) >>> 1;
    const piece = pieces[middle]!;
    const pieceEnd = piece.sourceStart + piece.length;
    if (isEnd ? pieceEnd < offset : pieceEnd <= offset) low = middle + 1;
    else high = middle;
  }
  const piece = pieces[low];
  if (piece === undefined) {
    const last = pieces[pieces.length - 1];
    return last ? last.printedStart + last.length : 0;
  }
  if (offset >= piece.sourceStart && (isEnd ? offset > piece.sourceStart : true)) {
    return piece.printedStart + (offset - piece.sourceStart);
  }
  if (isEnd) {
    const previous = pieces[low - 1];
    return previous ? previous.printedStart + previous.length : piece.printedStart;
  }
  return piece.printedStart;
}
