import { EditorView } from '@codemirror/view';

/** The editor in Mantine's colours and type, which follow the colour scheme. */
export const editorTheme = EditorView.theme({
  '&': {
    fontSize: 'var(--mantine-font-size-sm)',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-sm)',
    backgroundColor: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
  },
  '&.cm-focused': {
    outline: '2px solid var(--mantine-primary-color-filled)',
    outlineOffset: '2px',
  },
  '.cm-content': { fontFamily: 'var(--mantine-font-family-monospace)', minHeight: '8rem' },
  '.cm-scroller': { maxHeight: '22rem', overflow: 'auto' },
  '.cm-gutters': {
    backgroundColor: 'var(--mantine-color-default-hover)',
    color: 'var(--mantine-color-dimmed)',
    borderRight: '1px solid var(--mantine-color-default-border)',
  },
  '.cm-cursor': { borderLeftColor: 'var(--mantine-color-text)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
    border: '1px solid var(--mantine-color-default-border)',
  },
});
