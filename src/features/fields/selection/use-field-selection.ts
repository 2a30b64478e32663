import { useState } from 'react';
import type { SearchResultItem } from '../../../contract/field';
import {
  clickRow,
  emptySelection,
  pageSelectionState,
  refreshSelected,
  selectAllMatching,
  togglePage,
} from './field-selection';
import type { FieldSelection, PageSelectionState, SelectedField } from './field-selection';

export interface FieldSelectionControls {
  selection: FieldSelection;
  pageRows: readonly SearchResultItem[];
  pageState: PageSelectionState;
  isSelected: (id: number) => boolean;
  clickRow: (field: SelectedField, selected: boolean, extendRange: boolean) => void;
  togglePage: () => void;
  selectAllMatching: (matches: readonly SelectedField[], searchKey: string) => void;
  /** Newer states of fields, e.g. each one a bulk lock has just changed. */
  refresh: (fields: readonly SelectedField[]) => void;
  clear: () => void;
}

const noRows: readonly SearchResultItem[] = [];

/**
 * The bulk-action selection of the fields table. It lives as long as the page, not in
 * the URL: it can hold thousands of ids. Each page that loads refreshes what the
 * selection knows of its fields, so a lock is planned on their latest state.
 */
export function useFieldSelection(
  pageRows: readonly SearchResultItem[] = noRows,
): FieldSelectionControls {
  const [selection, setSelection] = useState(emptySelection);
  const [seenRows, setSeenRows] = useState(pageRows);
  if (pageRows !== seenRows) {
    setSeenRows(pageRows);
    setSelection((current) => refreshSelected(current, pageRows));
  }

  return {
    selection,
    pageRows,
    pageState: pageSelectionState(selection, pageRows),
    isSelected: (id) => selection.fields.has(id),
    clickRow: (field, selected, extendRange) =>
      setSelection((current) => clickRow(current, pageRows, field, selected, extendRange)),
    togglePage: () => setSelection((current) => togglePage(current, pageRows)),
    selectAllMatching: (matches, searchKey) =>
      setSelection((current) => selectAllMatching(current, matches, searchKey)),
    refresh: (fields) => setSelection((current) => refreshSelected(current, fields)),
    clear: () => setSelection(emptySelection),
  };
}
