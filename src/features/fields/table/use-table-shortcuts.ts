import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { isTextEntry } from '../../../components/is-text-entry';

export interface TableShortcutActions {
  focusSearch: () => void;
  showHelp: () => void;
  toggleLock: (fieldId: number) => void;
  toggleSelected: (fieldId: number) => void;
  undoLock: () => void;
}

function rowsOf(table: HTMLElement) {
  return [...table.querySelectorAll<HTMLElement>('tbody tr[data-field-id]')];
}

function rowOfFocus(table: HTMLElement) {
  const row = document.activeElement?.closest<HTMLElement>('tr[data-field-id]');
  return row && table.contains(row) ? row : undefined;
}

/** Focus goes to the row's name, so Enter opens it and the browser scrolls it into view. */
function focusRow(row: HTMLElement | undefined) {
  row?.querySelector<HTMLElement>('td a')?.focus();
}

/**
 * The table's keyboard shortcuts (listed in ShortcutHelp): `/` search, `j`/`k` or
 * the arrow keys between rows, `l` lock, `x` select, `z` undo a lock, `?` help.
 * They act on the row that has focus, and stay out of the way while a dialog is
 * open or the user is typing.
 */
export function useTableShortcuts(
  table: RefObject<HTMLElement | null>,
  actions: TableShortcutActions,
) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextEntry(event.target) || document.querySelector('[role="dialog"]')) return;
      const element = table.current;
      const current = element ? rowOfFocus(element) : undefined;
      const act = latest.current;
      const move = (step: 1 | -1) => {
        if (!element) return;
        const rows = rowsOf(element);
        const index = current ? rows.indexOf(current) + step : 0;
        focusRow(rows[Math.max(0, Math.min(rows.length - 1, index))]);
      };
      const fieldId = current ? Number(current.dataset.fieldId) : undefined;

      const handlers: Record<string, (() => void) | undefined> = {
        '/': act.focusSearch,
        '?': act.showHelp,
        j: () => move(1),
        k: () => move(-1),
        // Arrows scroll the page unless focus is already on a row.
        ArrowDown: current ? () => move(1) : undefined,
        ArrowUp: current ? () => move(-1) : undefined,
        l: fieldId === undefined ? undefined : () => act.toggleLock(fieldId),
        x: fieldId === undefined ? undefined : () => act.toggleSelected(fieldId),
        z: act.undoLock,
      };
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [table]);
}
