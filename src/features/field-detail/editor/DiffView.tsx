import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { MergeView } from '@codemirror/merge';
import { useEffect, useRef } from 'react';
import { editorTheme } from './editor-theme';
import { expressionHighlight } from './expression-highlight';

/**
 * What went and what came in the colours the rest of the app uses for them (the scan's
 * diff, the audit's side by side), struck through and underlined so they read without
 * colour too. The merge view's own marks are a 2 px line under each side's text, in
 * colours that both read as yellow on Mantine's background.
 */
const changeMarks = EditorView.theme({
  '&.cm-merge-a .cm-changedText': {
    background: 'var(--mantine-color-red-light)',
    color: 'var(--mantine-color-red-text)',
    textDecoration: 'line-through',
  },
  '&.cm-merge-b .cm-changedText': {
    background: 'var(--mantine-color-green-light)',
    color: 'var(--mantine-color-green-text)',
    textDecoration: 'underline',
  },
});

const readOnly = [
  EditorView.editable.of(false),
  EditorState.readOnly.of(true),
  EditorView.lineWrapping,
  expressionHighlight,
  editorTheme,
  changeMarks,
];

/** Two versions of an expression side by side, their differences marked. */
export function DiffView({
  left,
  right,
  leftLabel,
  rightLabel,
}: {
  left: string;
  right: string;
  leftLabel: string;
  rightLabel: string;
}) {
  const parent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const label = (text: string) => EditorView.contentAttributes.of({ 'aria-label': text });
    const view = new MergeView({
      a: { doc: left, extensions: [...readOnly, label(leftLabel)] },
      b: { doc: right, extensions: [...readOnly, label(rightLabel)] },
      parent: parent.current!,
      gutter: true,
    });
    return () => view.destroy();
  }, [left, right, leftLabel, rightLabel]);
  return (
    <div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', fontWeight: 600 }} aria-hidden>
        <span>{leftLabel}</span>
        <span>{rightLabel}</span>
      </div>
      <div ref={parent} />
    </div>
  );
}
