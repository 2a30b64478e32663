import { useTable } from '@tanstack/react-table';
import type {
  ColumnSizingState,
  ColumnVisibilityState,
  SortingState,
  Updater,
} from '@tanstack/react-table';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { Ref } from 'react';
import type { SearchResultItem } from '../../../contract/field';
import { columnIdOf, fieldColumns, fieldTableFeatures } from './field-columns';
import type { FieldSelectionControls } from '../selection/use-field-selection';
import classes from './FieldsTable.module.css';
import { tableClasses, tableStyle } from '../../../components/plain-mantine/mantine-markup';
import { sortableColumns } from '../../../links/table-address';
import type { TableSort } from '../../../links/table-address';
import { useLockWithUndo } from '../../../api/calculated-fields/use-lock-with-undo';
import { useMayLock } from '../../../components/change-sets/use-can-write';
import { useValueAfterPaint } from '../../../components/use-value-after-paint';
import { LockAllowed } from './lock-allowed';
import { FieldsTableHeader } from './FieldsTableHeader';
import { useCopySorts } from './use-copy-sorts';
import { FieldRows } from './FieldRows';
import { useFindingNotes } from './finding-notes';
import {
  columnWidthBounds,
  fieldColumnIds,
  findingColumns,
  isColumnShown,
  phoneColumns,
} from './layout/table-layout';
import type { Density, TableLayout } from './layout/table-layout';
import type { TableLayoutControls } from './layout/use-table-layout';

/** Pixels; the same heights FieldsTable.module.css gives the cells. */
const rowHeights: Record<Density, number> = { comfortable: 44, compact: 32 };

function columnVisibility(layout: TableLayout, phone: boolean): ColumnVisibilityState {
  return Object.fromEntries(
    fieldColumnIds.map((id) => [id, phone ? phoneColumns.includes(id) : isColumnShown(layout, id)]),
  );
}

function phoneColumnSizes(): ColumnSizingState {
  return Object.fromEntries(
    fieldColumns.flatMap((column) => {
      const width = column.meta?.phoneWidth;
      return width ? [[columnIdOf(column), width]] : [];
    }),
  );
}

const isNeverSelected = () => false;

/**
 * The columns of a view without a finding's notes: the Why column is left out of the
 * table altogether rather than hidden, so the plain table builds no cell for it in a row.
 */
const plainColumns = fieldColumns.filter(
  (column) => !findingColumns.some((id) => id === columnIdOf(column)),
);

/**
 * Memoized: the fields page renders several times per typed key (the view, the address,
 * the query's states), and the table draws again only when its own props change. Its
 * callbacks and the selection's controls stay the same from render to render for that.
 */
export const FieldsTable = memo(function FieldsTable({
  ref,
  fields,
  sort,
  onSortChange,
  openFieldId,
  onOpenField,
  updating,
  viewKey,
  selection,
  layout,
  phone,
}: {
  /** The table element, for the keyboard shortcuts to find its rows. */
  ref?: Ref<HTMLTableElement>;
  fields: SearchResultItem[];
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
  openFieldId?: number;
  onOpenField: (id: number) => void;
  /** The rows are those of the previous view while the next one loads. */
  updating: boolean;
  /** Changes when the user asks for another view; the table scrolls back to the top. */
  viewKey: string;
  /** What the checkbox column shows and changes; without it that column stays empty. */
  selection?: FieldSelectionControls;
  /** Shown columns, their widths and the row density; resizing a column changes it. */
  layout: TableLayoutControls;
  /** The narrow layout: the phone's columns, no resizing and no minimum width. */
  phone: boolean;
}) {
  const setLocked = useLockWithUndo();
  const copySorts = useCopySorts();
  // Who the token is, asked after the first paint: a reader's switches are marked unavailable.
  const mayLock = useMayLock(useValueAfterPaint(true, false));
  const changeSizes = (updater: Updater<ColumnSizingState>) =>
    layout.setLayout((current) => ({
      ...current,
      sizes: typeof updater === 'function' ? updater(current.sizes) : updater,
    }));
  const sorting: SortingState = useMemo(
    () => [{ id: sort.column, desc: sort.descending }],
    [sort.column, sort.descending],
  );
  // The same state objects from render to render, so the table's derived columns hold.
  const withNotes = useFindingNotes() !== undefined;
  const shown = useMemo(() => columnVisibility(layout.layout, phone), [layout.layout, phone]);
  const sizes = useMemo(
    () => (phone ? phoneColumnSizes() : layout.layout.sizes),
    [phone, layout.layout.sizes],
  );
  const changeSorting = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    const column = sortableColumns.find((id) => id === next?.id);
    if (next && column) onSortChange({ column, descending: next.desc });
  };
  const table = useTable({
    features: fieldTableFeatures,
    columns: withNotes ? fieldColumns : plainColumns,
    data: fields,
    getRowId: (field) => String(field.id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: {
      sorting,
      columnVisibility: shown,
      columnSizing: sizes,
    },
    onSortingChange: changeSorting,
    onColumnSizingChange: changeSizes,
    enableColumnResizing: !phone,
    columnResizeMode: 'onChange',
    defaultColumn: { minSize: columnWidthBounds.min, maxSize: columnWidthBounds.max },
    meta: { selection, setLocked },
  });
  const density = layout.layout.density;
  const rows = table.getRowModel().rows;

  const scroller = useRef<HTMLDivElement>(null);
  // Kept from the scroll events, because reading scrollTop here, or scrolling to where
  // the table already is, makes the browser lay out the new rows at once: a large part
  // of each keystroke's work while typing a search (docs/web-app.md).
  const scrolledDown = useRef(false);
  useEffect(() => {
    if (scrolledDown.current) scroller.current?.scrollTo({ top: 0 });
  }, [viewKey]);
  const shownColumns = table.getVisibleLeafColumns().map((column) => column.id);

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      data-testid="fields-scroller"
      data-rows-scroller
      onScroll={(event) => (scrolledDown.current = event.currentTarget.scrollTop > 0)}
    >
      {/* Mantine's Table markup with plain elements (mantine-markup.ts, tableClasses). */}
      <table
        ref={ref}
        className={`${classes.table} ${tableClasses.table}`}
        aria-label="Calculated fields"
        aria-rowcount={rows.length + 1}
        aria-busy={updating}
        data-density={density}
        // Columns keep their widths and the name takes the rest, down to its minimum.
        style={{ ...tableStyle, minWidth: phone ? undefined : table.getTotalSize() }}
      >
        <FieldsTableHeader
          headerGroups={table.getHeaderGroups()}
          copySorts={copySorts}
          sorting={sorting}
          sizes={sizes}
          resizing={table.state.columnResizing.isResizingColumn}
          pageState={selection?.pageState}
        />
        <LockAllowed value={mayLock}>
          <FieldRows
            rows={rows}
            rowHeight={rowHeights[density]}
            scrollsWithPage={phone}
            columnCount={shownColumns.length}
            shownColumns={shownColumns.join(' ')}
            openFieldId={openFieldId}
            isSelected={selection?.isSelected ?? isNeverSelected}
            onOpenField={onOpenField}
          />
        </LockAllowed>
      </table>
    </div>
  );
});
