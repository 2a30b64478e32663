import type { SearchResultItem } from '../../../contract/field';

/** What the selection remembers of a field: enough to plan a lock and to name a failure. */
export type SelectedField = Pick<SearchResultItem, 'id' | 'name' | 'locked'>;

/**
 * Fields chosen for a bulk action, by id, so the choice outlives paging, sorting and
 * searching. `anchor` is the row a shift-click extends from. `allMatching` names the
 * search whose every match is selected, until something is deselected.
 */
export interface FieldSelection {
  readonly fields: ReadonlyMap<number, SelectedField>;
  readonly anchor?: number;
  readonly allMatching?: string;
}

export type PageSelectionState = 'none' | 'some' | 'all';

export const emptySelection: FieldSelection = { fields: new Map() };

function remembered({ id, name, locked }: SelectedField): SelectedField {
  return { id, name, locked };
}

/** Selects or deselects `rows`; deselecting anything ends "every match is selected". */
export function setSelected(
  selection: FieldSelection,
  rows: readonly SelectedField[],
  selected: boolean,
): FieldSelection {
  const fields = new Map(selection.fields);
  for (const row of rows) {
    if (selected) fields.set(row.id, remembered(row));
    else fields.delete(row.id);
  }
  const removedAny = !selected && fields.size < selection.fields.size;
  return {
    fields,
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
  const selectedOnPage = pageRows.filter((row) => selection.fields.has(row.id)).length;
  if (selectedOnPage === 0) return 'none';
  return selectedOnPage === pageRows.length ? 'all' : 'some';
}

/** Selected fields that this page does not show (on other pages, or outside this search). */
export function countNotOnPage(
  selection: FieldSelection,
  pageRows: readonly Pick<SelectedField, 'id'>[],
): number {
  const onPage = pageRows.filter((row) => selection.fields.has(row.id)).length;
  return selection.fields.size - onPage;
}

/** Adds every match of the search `searchKey`, gathered across all its pages. */
export function selectAllMatching(
  selection: FieldSelection,
  matches: readonly SelectedField[],
  searchKey: string,
): FieldSelection {
  return { ...setSelected(selection, matches, true), allMatching: searchKey };
}

/**
 * Takes newer states of selected fields (from a page just loaded, or a lock just
 * done). Answers the same object when nothing changed, so callers can skip a render.
 */
export function refreshSelected(
  selection: FieldSelection,
  newer: readonly SelectedField[],
): FieldSelection {
  let fields: Map<number, SelectedField> | undefined;
  for (const field of newer) {
    const known = selection.fields.get(field.id);
    if (!known || (known.locked === field.locked && known.name === field.name)) continue;
    fields ??= new Map(selection.fields);
    fields.set(field.id, remembered(field));
  }
  return fields ? { ...selection, fields } : selection;
}
