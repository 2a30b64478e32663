/** A row as the selection sees it: its id is all a bulk change sends. */
export interface SelectedField {
  readonly id: number;
}

/**
 * Fields chosen for a bulk action, by id, so the choice outlives paging, sorting and
 * searching. `anchor` is the row a shift-click extends from. `allMatching` names the
 * search whose every match is selected, until something is deselected.
 */
export interface FieldSelection {
  readonly ids: ReadonlySet<number>;
  readonly anchor?: number;
  readonly allMatching?: string;
}

export type PageSelectionState = 'none' | 'some' | 'all';

export const emptySelection: FieldSelection = { ids: new Set() };

/** Selects or deselects `rows`; deselecting anything ends "every match is selected". */
export function setSelected(
  selection: FieldSelection,
  rows: readonly SelectedField[],
  selected: boolean,
): FieldSelection {
  const ids = new Set(selection.ids);
  for (const row of rows) {
    if (selected) ids.add(row.id);
    else ids.delete(row.id);
  }
  const removedAny = !selected && ids.size < selection.ids.size;
  return {
    ids,
    anchor: selection.anchor,
    allMatching: removedAny ? undefined : selection.allMatching,
  };
}

/**
 * A click on a row's checkbox. With `extendRange` (shift held), every row from the
 * anchor to this one, in the page's order, takes this row's new state; without an
 * anchor on this page it acts on the row alone. The clicked row becomes the anchor.
 */
export function clickRow(
  selection: FieldSelection,
  pageRows: readonly SelectedField[],
  row: SelectedField,
  selected: boolean,
  extendRange: boolean,
): FieldSelection {
  const from = pageRows.findIndex((candidate) => candidate.id === selection.anchor);
  const to = pageRows.findIndex((candidate) => candidate.id === row.id);
  const range =
    extendRange && from >= 0 && to >= 0
      ? pageRows.slice(Math.min(from, to), Math.max(from, to) + 1)
      : [row];
  return { ...setSelected(selection, range, selected), anchor: row.id };
}

/** The header checkbox: selects the whole page unless all of it already is, then clears it. */
export function togglePage(
  selection: FieldSelection,
  pageRows: readonly SelectedField[],
): FieldSelection {
  const state = pageSelectionState(selection, pageRows);
  return setSelected(selection, pageRows, state !== 'all');
}

export function pageSelectionState(
  selection: FieldSelection,
  pageRows: readonly SelectedField[],
): PageSelectionState {
  const selectedOnPage = countOnPage(selection, pageRows);
  if (selectedOnPage === 0) return 'none';
  return selectedOnPage === pageRows.length ? 'all' : 'some';
}

/**
 * How many of the page's rows are selected. Read with every new page, before its rows
 * are drawn: with nothing selected, the page's rows (5,000 of them at most) are not
 * gone through.
 */
function countOnPage(selection: FieldSelection, pageRows: readonly SelectedField[]): number {
  if (selection.ids.size === 0) return 0;
  let count = 0;
  for (const row of pageRows) if (selection.ids.has(row.id)) count += 1;
  return count;
}

/** Selected fields that this page does not show (on other pages, or outside this search). */
export function countNotOnPage(
  selection: FieldSelection,
  pageRows: readonly SelectedField[],
): number {
  return selection.ids.size - countOnPage(selection, pageRows);
}

/** Adds every match of the search `searchKey`, gathered across all its pages. */
export function selectAllMatching(
  selection: FieldSelection,
  matches: readonly SelectedField[],
  searchKey: string,
): FieldSelection {
  return { ...setSelected(selection, matches, true), allMatching: searchKey };
}
