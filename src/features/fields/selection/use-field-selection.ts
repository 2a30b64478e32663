import { useMemo, useState } from 'react';
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
  clear: () => void;
}

const noRows: readonly SearchResultItem[] = [];

interface SelectionState {
  selection: FieldSelection;
  /** The page the selection last saw: shift-click ranges run over its rows. */
  pageRows: readonly SearchResultItem[];
}

/**
 * The bulk-action selection of the fields table. It lives as long as the page, not in
 * the URL: it can hold thousands of ids. Each page that loads refreshes what the
 * selection knows of its fields, so a lock is planned on their latest state. The
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
    setState((current) => ({ selection: refreshSelected(current.selection, pageRows), pageRows }));
  }
  const actions = useMemo(() => {
    const change = (next: (current: SelectionState) => FieldSelection) =>
      setState((current) => {
        const selection = next(current);
        // The same selection (a refresh that changed nothing) draws nothing again.
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
      isSelected: (id: number) => selection.fields.has(id),
      ...actions,
    }),
    [selection, pageRows, actions],
  );
}
