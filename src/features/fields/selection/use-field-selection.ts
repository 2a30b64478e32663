import { useMemo, useState } from 'react';
import type { SearchResultItem } from '../../../contract/field';
import {
  clickRow,
  emptySelection,
  pageSelectionState,
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
  clear: () => void;
}

const noRows: readonly SearchResultItem[] = [];

interface SelectionState {
  selection: FieldSelection;
  /** The page the selection last saw: shift-click ranges run over its rows. */
  pageRows: readonly SearchResultItem[];
}

/**
 * The bulk-action selection of the fields table: ids only, as a bulk change sends
 * nothing else (the journal plans each field on its state when asked). It lives as
 * long as the page, not in the URL: it can hold 100,000 ids. The
 * actions are the same functions from render to render and read the latest page
 * when they run: a table row drawn before the page changed still acts on the rows
 * shown now.
 */
export function useFieldSelection(
  pageRows: readonly SearchResultItem[] = noRows,
): FieldSelectionControls {
  const [{ selection, pageRows: seenRows }, setState] = useState<SelectionState>(() => ({
    selection: emptySelection,
    pageRows,
  }));
  if (pageRows !== seenRows) {
    setState((current) => ({ ...current, pageRows }));
  }
  const actions = useMemo(() => {
    const change = (next: (current: SelectionState) => FieldSelection) =>
      setState((current) => {
        const selection = next(current);
        return selection === current.selection ? current : { ...current, selection };
      });
    return {
      clickRow: (field: SelectedField, selected: boolean, extendRange: boolean) =>
        change((current) =>
          clickRow(current.selection, current.pageRows, field, selected, extendRange),
        ),
      togglePage: () => change((current) => togglePage(current.selection, current.pageRows)),
      selectAllMatching: (matches: readonly SelectedField[], searchKey: string) =>
        change((current) => selectAllMatching(current.selection, matches, searchKey)),
      clear: () => change(() => emptySelection),
    };
  }, []);

  // The same controls while the selection and the page stay, so the table, its rows
  // and the selection bar skip the page's other renders (docs/web-app.md).
  return useMemo(
    () => ({
      selection,
      pageRows,
      pageState: pageSelectionState(selection, pageRows),
      isSelected: (id: number) => selection.ids.has(id),
      ...actions,
    }),
    [selection, pageRows, actions],
  );
}
