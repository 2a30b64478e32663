import type { Range } from '@codemirror/state';
import type { DecorationSet, ViewUpdate } from '@codemirror/view';
import { Decoration, EditorView, ViewPlugin } from '@codemirror/view';
import { tokenize } from '../../../analysis/tokenize';
import type { TokenKind } from '../../../analysis/token';

const marks: Partial<Record<TokenKind, Decoration>> = {
  number: Decoration.mark({ class: 'cm-expr-number' }),
  string: Decoration.mark({ class: 'cm-expr-string' }),
  column: Decoration.mark({ class: 'cm-expr-column' }),
  word: Decoration.mark({ class: 'cm-expr-word' }),
  operator: Decoration.mark({ class: 'cm-expr-operator' }),
};

/**
 * The expression's colours come from the project's tokenizer over the whole text, so
 * the editor reads a string, a column or a comment exactly as the analyzer does.
 * Expressions are short: tokenizing all of it on each change costs nothing felt.
 */
function decorationsOf(text: string): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  for (const token of tokenize(text).tokens) {
    const mark = marks[token.kind];
    if (mark && token.end > token.start) ranges.push(mark.range(token.start, token.end));
  }
  return Decoration.set(ranges);
}

const highlightPlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorationsOf(view.state.doc.toString());
    }
    update(update: ViewUpdate) {
      if (update.docChanged) this.decorations = decorationsOf(update.state.doc.toString());
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

// Mantine's text colours follow the colour scheme, so one theme serves light and dark.
const highlightTheme = EditorView.baseTheme({
  '.cm-expr-number': { color: 'var(--mantine-color-violet-text)' },
  '.cm-expr-string': { color: 'var(--mantine-color-green-text)' },
  '.cm-expr-column': { color: 'var(--mantine-color-blue-text)' },
  '.cm-expr-word': { color: 'var(--mantine-color-text)', fontWeight: '600' },
  '.cm-expr-operator': { color: 'var(--mantine-color-orange-text)' },
});

export const expressionHighlight = [highlightPlugin, highlightTheme];
