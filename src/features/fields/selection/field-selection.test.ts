import { describe, expect, test } from 'vitest';
import {
  clickRow,
  countNotOnPage,
  emptySelection,
  pageSelectionState,
  selectAllMatching,
  setSelected,
  togglePage,
} from './field-selection';
import type { FieldSelection, SelectedField } from './field-selection';

function field(id: number): SelectedField {
  return { id };
}

const page = [field(10), field(11), field(12), field(13), field(14)];
const ids = (selection: FieldSelection) => [...selection.ids].sort((a, b) => a - b);

describe('clicking rows', () => {
  test('a click selects one row and a second click deselects it', () => {
    const once = clickRow(emptySelection, page, page[1]!, true, false);
    expect(ids(once)).toEqual([11]);
    expect(ids(clickRow(once, page, page[1]!, false, false))).toEqual([]);
  });

  test('shift-click selects every row between the last clicked row and this one', () => {
    const first = clickRow(emptySelection, page, page[1]!, true, false);
    const range = clickRow(first, page, page[3]!, true, true);
    expect(ids(range)).toEqual([11, 12, 13]);
  });

  test('the range works upwards too, and the clicked row becomes the next anchor', () => {
    const first = clickRow(emptySelection, page, page[4]!, true, false);
    const up = clickRow(first, page, page[2]!, true, true);
    expect(ids(up)).toEqual([12, 13, 14]);
    expect(up.anchor).toBe(12);
    expect(ids(clickRow(up, page, page[0]!, true, true))).toEqual([10, 11, 12, 13, 14]);
  });

  test('shift-click on a selected row deselects the range', () => {
    const all = setSelected(emptySelection, page, true);
    const anchored = clickRow(all, page, page[0]!, false, false);
    expect(ids(clickRow(anchored, page, page[2]!, false, true))).toEqual([13, 14]);
  });

  test('without an anchor on this page, shift-click acts on the row alone', () => {
    const otherPage = clickRow(emptySelection, [field(99)], field(99), true, false);
    expect(ids(clickRow(otherPage, page, page[2]!, true, true))).toEqual([12, 99]);
  });

  test('a range follows the order the page shows, whatever the ids', () => {
    const sorted = [field(5), field(1), field(9), field(3)];
    const first = clickRow(emptySelection, sorted, field(1), true, false);
    expect(ids(clickRow(first, sorted, field(3), true, true))).toEqual([1, 3, 9]);
  });
});

describe('the page checkbox', () => {
  test('is indeterminate when some of the page is selected', () => {
    expect(pageSelectionState(emptySelection, page)).toBe('none');
    const some = setSelected(emptySelection, [page[0]!], true);
    expect(pageSelectionState(some, page)).toBe('some');
    expect(pageSelectionState(setSelected(some, page, true), page)).toBe('all');
  });

  test('selects the rest of the page, then clears only the page', () => {
    const elsewhere = setSelected(emptySelection, [field(99), page[0]!], true);
    const whole = togglePage(elsewhere, page);
    expect(ids(whole)).toEqual([10, 11, 12, 13, 14, 99]);
    expect(ids(togglePage(whole, page))).toEqual([99]);
  });
});

describe('across pages and searches', () => {
  test('counts the selected fields the page does not show', () => {
    const selection = setSelected(emptySelection, [page[0]!, field(50), field(51)], true);
    expect(countNotOnPage(selection, page)).toBe(2);
    expect(countNotOnPage(selection, [])).toBe(3);
  });

  test('"all matching" adds to the selection and ends when anything is deselected', () => {
    const before = setSelected(emptySelection, [field(99)], true);
    const all = selectAllMatching(before, page, 'search-a');
    expect(ids(all)).toEqual([10, 11, 12, 13, 14, 99]);
    expect(all.allMatching).toBe('search-a');
    expect(setSelected(all, [field(200)], true).allMatching).toBe('search-a');
    expect(setSelected(all, [field(200)], false).allMatching).toBe('search-a');
    expect(clickRow(all, page, page[0]!, false, false).allMatching).toBeUndefined();
  });
});
