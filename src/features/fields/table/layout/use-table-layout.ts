import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import {
  defaultTableLayout,
  parseStoredTableLayout,
  readTableLayout,
  tableLayoutStorageKey,
} from './table-layout';
import type { TableLayout } from './table-layout';

export interface TableLayoutControls {
  layout: TableLayout;
  /**
   * Replaces the layout, or changes it from the current one. The value is read as a
   * stored one is (`readTableLayout`), so a saved view from another version is safe to pass.
   */
  setLayout: (next: TableLayout | ((current: TableLayout) => TableLayout)) => void;
  resetLayout: () => void;
}

/**
 * The fields table's layout as this browser keeps it. Every caller sees the same
 * value: a change made through one (the layout menu, a saved view) reaches the
 * others, in this tab and in other tabs.
 */
export function useTableLayout(): TableLayoutControls {
  const [layout, storeLayout] = useLocalStorage<TableLayout>({
    key: tableLayoutStorageKey,
    defaultValue: defaultTableLayout,
    getInitialValueInEffect: false,
    deserialize: parseStoredTableLayout,
  });
  const setLayout = useCallback<TableLayoutControls['setLayout']>(
    (next) =>
      storeLayout((current) => readTableLayout(typeof next === 'function' ? next(current) : next)),
    [storeLayout],
  );
  const resetLayout = useCallback(() => storeLayout(defaultTableLayout), [storeLayout]);
  // The same object while the layout stays, so the parts given it can skip a render.
  return useMemo(() => ({ layout, setLayout, resetLayout }), [layout, setLayout, resetLayout]);
}
