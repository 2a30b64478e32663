import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { MergeView } from '@codemirror/merge';
import { useEffect, useRef } from 'react';
import { editorTheme } from './editor-theme';
import { expressionHighlight } from './expression-highlight';

const readOnly = [
  EditorView.editable.of(false),
  EditorState.readOnly.of(true),
  EditorView.lineWrapping,
  expressionHighlight,
  editorTheme,
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
