import { completionStatus } from '@codemirror/autocomplete';
import { StateField } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/**
 * While suggestions are shown, Escape is theirs: it closes them. Mantine closes every
 * open dialog on Escape before the editor hears the key, which closed the editor with
 * what was typed, unless the key's target carries this attribute.
 */
export const suggestionsKeepEscape = StateField.define<boolean>({
  create: (state) => completionStatus(state) === 'active',
  update: (_shown, transaction) => completionStatus(transaction.state) === 'active',
  provide: (field) =>
    EditorView.contentAttributes.from(field, (shown): Record<string, string> =>
      shown ? { 'data-mantine-stop-propagation': 'true' } : {},
    ),
});
