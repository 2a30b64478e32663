// A small pretty-printing document in the style of Wadler's "prettier printer":
// groups print on one line when they fit the width, otherwise their line breaks
// open. Text pieces remember where they came from in the expression, so marks in
// the expression can be moved to the formatted text.

export type Doc =
  | { kind: 'text'; text: string; sourceStart?: number }
  | { kind: 'line'; soft: boolean }
  | { kind: 'hardline' }
  | { kind: 'indent'; contents: Doc[] }
  | { kind: 'group'; contents: Doc[]; breaks: boolean };

/** Text copied from the expression at `sourceStart`. */
export const sourceText = (text: string, sourceStart: number): Doc => ({
  kind: 'text',
  text,
  sourceStart,
});
/** Text the layout adds, such as the space after a comma. */
export const addedText = (text: string): Doc => ({ kind: 'text', text });
/** A space on one line, a line break when its group breaks. */
export const line: Doc = { kind: 'line', soft: false };
/** Nothing on one line, a line break when its group breaks. */
export const softline: Doc = { kind: 'line', soft: true };
/** Always a line break; its groups break too. */
export const hardline: Doc = { kind: 'hardline' };
export const indent = (...contents: Doc[]): Doc => ({ kind: 'indent', contents });
export const group = (...contents: Doc[]): Doc => ({
  kind: 'group',
  contents,
  breaks: contents.some(mustBreak),
});

function mustBreak(doc: Doc): boolean {
  switch (doc.kind) {
    case 'hardline':
      return true;
    case 'indent':
      return doc.contents.some(mustBreak);
    case 'group':
      return doc.breaks;
    default:
      return false;
  }
}

/** A run of printed text copied from the expression. */
export interface MappedPiece {
  sourceStart: number;
  printedStart: number;
  length: number;
}

export interface PrintedDoc {
  text: string;
  /** In printed order, which is also source order. */
  pieces: MappedPiece[];
}

const INDENT = '  ';

type Mode = 'flat' | 'break';
interface Command {
  indent: number;
  mode: Mode;
  doc: Doc;
}

export function printDoc(root: Doc, width: number): PrintedDoc {
  let text = '';
  let column = 0;
  /** Spaces the layout added at the end of the text, dropped before a line break. */
  let trailingSpaces = 0;
  const pieces: MappedPiece[] = [];
  const breakLine = (level: number) => {
    text = text.slice(0, text.length - trailingSpaces);
    text += `\n${INDENT.repeat(level)}`;
    column = level * INDENT.length;
    trailingSpaces = column;
  };
  const stack: Command[] = [{ indent: 0, mode: 'break', doc: root }];
  while (stack.length > 0) {
    const { indent: level, mode, doc } = stack.pop()!;
    switch (doc.kind) {
      case 'text':
        if (doc.sourceStart !== undefined && doc.text.length > 0) {
          pieces.push({
            sourceStart: doc.sourceStart,
            printedStart: text.length,
            length: doc.text.length,
          });
        }
        text += doc.text;
        column += doc.text.length;
        trailingSpaces =
          doc.sourceStart === undefined && doc.text.trim() === ''
            ? trailingSpaces + doc.text.length
            : 0;
        break;
      case 'line':
        if (mode === 'break') breakLine(level);
        else if (!doc.soft) {
          text += ' ';
          column += 1;
          trailingSpaces += 1;
        }
        break;
      case 'hardline':
        breakLine(level);
        break;
      case 'indent':
        pushAll(stack, doc.contents, level + 1, mode);
        break;
      case 'group': {
        const flat = !doc.breaks && fits(doc.contents, width - column);
        pushAll(stack, doc.contents, level, flat ? 'flat' : 'break');
        break;
      }
    }
  }
  return { text, pieces };
}

function pushAll(stack: Command[], docs: Doc[], indent: number, mode: Mode): void {
  for (let index = docs.length - 1; index >= 0; index -= 1) {
    stack.push({ indent, mode, doc: docs[index]! });
  }
}

/** True when the docs fit in `room` columns on one line. */
function fits(docs: Doc[], room: number): boolean {
  const pending = [...docs].reverse();
  let left = room;
  while (pending.length > 0 && left >= 0) {
    const doc = pending.pop()!;
    switch (doc.kind) {
      case 'text':
        left -= doc.text.length;
        break;
      case 'line':
        if (!doc.soft) left -= 1;
        break;
      case 'hardline':
        return false;
      case 'indent':
      case 'group':
        for (let index = doc.contents.length - 1; index >= 0; index -= 1) {
          pending.push(doc.contents[index]!);
        }
        break;
    }
  }
  return left >= 0;
}
