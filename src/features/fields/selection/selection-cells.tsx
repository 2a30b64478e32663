import { Checkbox } from '@mantine/core';
import { CellCheckbox } from '../../../components/plain-mantine/CellCheckbox';
import type { SearchResultItem } from '../../../contract/field';
import type { FieldSelectionControls } from './use-field-selection';
import { showHiddenCharacters } from '../../../contract/hidden-characters';

/** A row's checkbox; shift-click extends the selection from the last row clicked. */
export function RowCheckbox({
  field,
  controls,
}: {
  field: SearchResultItem;
  controls: FieldSelectionControls;
}) {
  return (
    <CellCheckbox
      label={`Select ${showHiddenCharacters(field.name)}`}
      checked={controls.isSelected(field.id)}
      onChange={(event) => {
        // React reports a checkbox's change from its click, which carries the shift key.
        const { shiftKey } = event.nativeEvent as MouseEvent;
        controls.clickRow(field, event.currentTarget.checked, shiftKey === true);
      }}
    />
  );
}

export function PageCheckbox({ controls }: { controls: FieldSelectionControls }) {
  return (
    <Checkbox
      aria-label="Select all fields on this page"
      checked={controls.pageState === 'all'}
      indeterminate={controls.pageState === 'some'}
      onChange={controls.togglePage}
    />
  );
}
