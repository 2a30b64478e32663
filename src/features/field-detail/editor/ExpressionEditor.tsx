import { autocompletion, closeBrackets } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { minimalSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import type { CompletionSources } from './expression-completion';
import { expressionCompletion } from './expression-completion';
import { expressionHighlight } from './expression-highlight';
import { expressionLint } from './expression-lint';
import { editorTheme } from './editor-theme';
import { suggestionsKeepEscape } from './suggestions-keep-escape';

/**
 * The expression in CodeMirror: coloured by the project's tokenizer, its problems
 * underlined as you type, columns, functions and other fields completed.
 * Uncontrolled: it starts from `initial` and reports each change.
 */
export function ExpressionEditor({
  initial,
  onChange,
  completion,
  label,
}: {
  initial: string;
  onChange: (expression: string) => void;
  completion: CompletionSources;
  label: string;
}) {
  const parent = useRef<HTMLDivElement>(null);
  // The editor is made once; the latest callbacks are read through refs.
  const latest = useRef({ onChange, completion });
  // The version the editor opened with: made once per opening.
  const opening = useRef({ initial, label });
  useEffect(() => {
    latest.current = { onChange, completion };
  });

  useEffect(() => {
    const view = new EditorView({
      parent: parent.current!,
      state: EditorState.create({
        doc: opening.current.initial,
        // What is typed at once goes after the expression, not before it.
        selection: { anchor: opening.current.initial.length },
        extensions: [
          minimalSetup,
          lineNumbers(),
          closeBrackets(),
          EditorView.lineWrapping,
          // The dialog around it gives focus to what is marked so on opening, not to its Close button.
          EditorView.contentAttributes.of({
            'aria-label': opening.current.label,
            'data-autofocus': 'true',
          }),
          expressionHighlight,
          expressionLint,
          autocompletion({
            override: [
              expressionCompletion({
                get columns() {
                  return latest.current.completion.columns;
                },
                get functions() {
                  return latest.current.completion.functions;
                },
                findFields: (word, signal) => latest.current.completion.findFields(word, signal),
              }),
            ],
          }),
          suggestionsKeepEscape,
          editorTheme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.focus();
    return () => view.destroy();
  }, []);

  return <div ref={parent} data-testid="expression-editor" />;
}
