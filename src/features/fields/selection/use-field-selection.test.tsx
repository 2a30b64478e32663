import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { searchItem } from '../../../api/test-support/mock-api';
import type { SearchResultItem } from '../../../contract/field';
import { useFieldSelection } from './use-field-selection';

const firstPage = [searchItem(1), searchItem(2), searchItem(3)];
const secondPage = [searchItem(4), searchItem(5)];

function renderSelection() {
  return renderHook(({ rows }: { rows: SearchResultItem[] }) => useFieldSelection(rows), {
    initialProps: { rows: firstPage },
  });
}

test('the selection outlives a change of page, and counts again when its page is back', () => {
  const { result, rerender } = renderSelection();
  act(() => result.current.clickRow(firstPage[1]!, true, false));

  rerender({ rows: secondPage });
  expect([...result.current.selection.ids]).toEqual([2]);
  expect(result.current.pageState).toBe('none');
  act(() => result.current.togglePage());
  expect(result.current.pageState).toBe('all');

  rerender({ rows: firstPage });
  expect(result.current.isSelected(2)).toBe(true);
  expect(result.current.pageState).toBe('some');
  expect(result.current.selection.ids.size).toBe(3);
});

test('shift-click extends over the rows of the page shown now', () => {
  const { result, rerender } = renderSelection();
  rerender({ rows: secondPage });
  act(() => result.current.clickRow(secondPage[0]!, true, false));
  act(() => result.current.clickRow(secondPage[1]!, true, true));
  expect([...result.current.selection.ids]).toEqual([4, 5]);
});

test('an action kept from an earlier page acts on the page shown now, and stays the same function', () => {
  const { result, rerender } = renderSelection();
  // What a table row drawn on the first page keeps, when it is not drawn again.
  const firstActions = { ...result.current };

  const laterPage = [searchItem(4), searchItem(5), searchItem(6)];
  rerender({ rows: laterPage });
  act(() => firstActions.clickRow(laterPage[0]!, true, false));
  act(() => firstActions.clickRow(laterPage[2]!, true, true));
  expect([...result.current.selection.ids]).toEqual([4, 5, 6]);

  for (const action of ['clickRow', 'togglePage', 'selectAllMatching', 'clear'] as const)
    expect(result.current[action]).toBe(firstActions[action]);
});
