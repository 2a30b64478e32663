/** One replacement of the text between two offsets (UTF-16 code units). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A rewritten expression and where it changed, offsets in the new text. */
export interface Rewrite {
  expression: string;
  /** The replaced spans in the rewritten text, in order: what a preview marks. */
  changed: Array<{ start: number; end: number }>;
  /** The spans they replaced in the text before, in order. */
  removed: Array<{ start: number; end: number }>;
}

/** Applies edits that do not overlap; every byte outside them is kept as it was. */
export function applyEdits(text: string, edits: readonly TextEdit[]): Rewrite {
  const ordered = [...edits].sort((a, b) => a.start - b.start);
  let expression = '';
  let from = 0;
  const changed: Rewrite['changed'] = [];
  const removed: Rewrite['removed'] = [];
  for (const edit of ordered) {
    if (edit.start < from) throw new Error('edits overlap');
    expression += text.slice(from, edit.start);
    changed.push({ start: expression.length, end: expression.length + edit.text.length });
    expression += edit.text;
    removed.push({ start: edit.start, end: edit.end });
    from = edit.end;
  }
  return { expression: expression + text.slice(from), changed, removed };
}
