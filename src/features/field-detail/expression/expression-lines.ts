export type MarkTone = 'error' | 'warning' | 'info';

/** Something to mark in the shown text, by offsets of that text. */
export interface Mark {
  /** Stable and unique: `use:Revenue:2`, `problem:0`, `finding:3`. */
  key: string;
  kind: 'reference' | 'problem' | 'finding';
  start: number;
  /** Equal to `start` for a place between characters (a missing ')' at the end). */
  end: number;
  /** The backtick name, for references. */
  name?: string;
  /** How serious, for problems (always error) and findings. */
  tone?: MarkTone;
  /** Said on hover over the line's gutter. */
  message?: string;
}

/** A run of text under the same marks; `carets` are places between characters just before it. */
export interface LineSegment {
  text: string;
  marks: Mark[];
  carets: Mark[];
}

export interface ExpressionLine {
  /** From 1. */
  number: number;
  segments: LineSegment[];
  /** The most serious problem or finding that touches the line, for its gutter. */
  tone?: MarkTone;
  messages: string[];
}

const TONE_ORDER: readonly MarkTone[] = ['error', 'warning', 'info'];

/** Cuts the text into lines, and each line into runs that carry the same marks. */
export function expressionLines(text: string, marks: readonly Mark[]): ExpressionLine[] {
  const spans = marks.filter((mark) => mark.end > mark.start);
  const carets = marks.filter((mark) => mark.end <= mark.start);
  const lines: ExpressionLine[] = [];
  let lineStart = 0;
  for (const [index, lineText] of text.split('\n').entries()) {
    const lineEnd = lineStart + lineText.length;
    const last = lineEnd === text.length;
    const onLine = spans.filter((mark) => mark.start < lineEnd && mark.end > lineStart);
    // A caret at a line's end belongs to it; the text's very end belongs to the last line.
    const caretsHere = carets.filter(
      (mark) =>
        mark.start >= lineStart &&
        (mark.start < lineEnd || (mark.start === lineEnd && (last || lineText.length > 0))),
    );
    lines.push({
      number: index + 1,
      segments: segmentsOf(text, lineStart, lineEnd, onLine, caretsHere),
      ...gutterOf([...onLine, ...caretsHere]),
    });
    lineStart = lineEnd + 1;
  }
  return lines;
}

function segmentsOf(
  text: string,
  lineStart: number,
  lineEnd: number,
  spans: readonly Mark[],
  carets: readonly Mark[],
): LineSegment[] {
  const cuts = new Set([lineStart, lineEnd]);
  for (const mark of spans) {
    cuts.add(Math.max(mark.start, lineStart));
    cuts.add(Math.min(mark.end, lineEnd));
  }
  for (const caret of carets) cuts.add(caret.start);
  const points = [...cuts].sort((a, b) => a - b);
  const segments: LineSegment[] = [];
  for (let index = 0; index < points.length; index += 1) {
    const from = points[index]!;
    const to = points[index + 1] ?? from;
    const caretsAt = carets.filter((caret) => caret.start === from);
    if (to === from && caretsAt.length === 0) continue;
    segments.push({
      text: text.slice(from, to),
      marks: spans.filter((mark) => mark.start <= from && mark.end >= to && to > from),
      carets: caretsAt,
    });
  }
  return segments;
}

function gutterOf(marks: readonly Mark[]): Pick<ExpressionLine, 'tone' | 'messages'> {
  const serious = marks.filter((mark) => mark.tone !== undefined);
  const tone = TONE_ORDER.find((candidate) => serious.some((mark) => mark.tone === candidate));
  return { tone, messages: [...new Set(serious.flatMap((mark) => mark.message ?? []))] };
}
