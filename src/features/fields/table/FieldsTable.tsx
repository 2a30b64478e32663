import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTable } from '@tanstack/react-table';
import type { Column, SortingState, Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import type { SearchResultItem } from '../../../contract/field';
import { fieldColumns, fieldTableFeatures } from './field-columns';
import type { FieldSelectionControls } from '../selection/use-field-selection';
import classes from './FieldsTable.module.css';
import { sortableColumns } from '../../../components/fields-links/table-address';
import type { TableSort } from '../../../components/fields-links/table-address';
import { isValidStatus } from '../../../contract/field';

const rowHeight = 44;

type FieldColumn = Column<typeof fieldTableFeatures, SearchResultItem>;

function ariaSort(column: FieldColumn) {
  if (!column.getCanSort()) return undefined;
  const direction = column.getIsSorted();
  if (!direction) return 'none';
  return direction === 'asc' ? 'ascending' : 'descending';
}

function SortIcon({ column }: { column: FieldColumn }) {
  const direction = column.getIsSorted();
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.5} />;
}

/** Clicks on the row's own controls (link, switch, the checkbox's cell) do their own thing. */
function isOnControl(event: MouseEvent) {
  return (event.target as Element).closest('a, button, input, label, [data-control]') !== null;
}

export function FieldsTable({
  fields,
  sort,
  onSortChange,
  openFieldId,
  onOpenField,
  updating,
  viewKey,
  selection,
}: {
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
}) {
  const sorting: SortingState = [{ id: sort.column, desc: sort.descending }];
  const changeSorting = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    const column = sortableColumns.find((id) => id === next?.id);
    if (next && column) onSortChange({ column, descending: next.desc });
  };
  const table = useTable({
    features: fieldTableFeatures,
    columns: fieldColumns,
    data: fields,
    getRowId: (field) => String(field.id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: changeSorting,
    meta: { selection },
  });
  const rows = table.getRowModel().rows;

  const scroller = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the table re-renders with the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [viewKey]);

  const visible = virtualizer.getVirtualItems();
  const spaceAbove = visible[0]?.start ?? 0;
  const spaceBelow = virtualizer.getTotalSize() - (visible.at(-1)?.end ?? 0);
  const columnCount = fieldColumns.length;

  return (
    <div ref={scroller} className={classes.scroller} data-testid="fields-scroller">
      <Table
        className={classes.table}
        stickyHeader
        highlightOnHover
        aria-label="Calculated fields"
        aria-rowcount={rows.length + 1}
        aria-busy={updating}
      >
        <Table.Thead className={classes.header}>
          {table.getHeaderGroups().map((headerGroup) => (
            <Table.Tr key={headerGroup.id} aria-rowindex={1}>
              {headerGroup.headers.map((header) => (
                <Table.Th
                  key={header.id}
                  scope="col"
                  aria-sort={ariaSort(header.column)}
                  style={{ width: header.column.columnDef.meta?.width }}
                >
                  {header.column.getCanSort() ? (
                    <UnstyledButton
                      className={classes.sortButton}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      <table.FlexRender header={header} />
                      <SortIcon column={header.column} />
                    </UnstyledButton>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {spaceAbove > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: spaceAbove, padding: 0 }} />
            </tr>
          )}
          {visible.map((item) => {
            const row = rows[item.index]!;
            const field = row.original;
            return (
              <Table.Tr
                key={row.id}
                className={classes.row}
                aria-rowindex={item.index + 2}
                data-field-id={field.id}
                data-locked={field.locked || undefined}
                data-invalid={!isValidStatus(field.status) || undefined}
                data-open={field.id === openFieldId || undefined}
                data-selected={selection?.isSelected(field.id) || undefined}
                onClick={(event) => {
                  if (!isOnControl(event)) onOpenField(field.id);
                }}
              >
                {row.getAllCells().map((cell) => (
                  <Table.Td key={cell.id} data-control={cell.column.id === 'select' || undefined}>
                    <table.FlexRender cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {spaceBelow > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: spaceBelow, padding: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
