import { UnstyledButton } from '@mantine/core';
import { FlexRender } from '@tanstack/react-table';
import type { Column, ColumnSizingState, HeaderGroup, SortingState } from '@tanstack/react-table';
import { memo } from 'react';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '../../../components/icons/icons';
import { tableClasses } from '../../../components/plain-mantine/mantine-markup';
import type { CopySortField } from '../../../contract/copy-orders';
import { isCopySortField } from '../../../contract/copy-orders';
import type { SearchResultItem } from '../../../contract/field';
import type { PageSelectionState } from '../selection/field-selection';
import { ColumnResizeHandle } from './ColumnResizeHandle';
import { columnLabelOf } from './field-columns';
import type { fieldTableFeatures } from './field-columns';
import classes from './FieldsTable.module.css';

type FieldColumn = Column<typeof fieldTableFeatures, SearchResultItem>;

/** Production's sorts always; the copy's where the server answers them. */
function canSort(column: FieldColumn, copySorts: readonly CopySortField[]): boolean {
  return column.getCanSort() && (!isCopySortField(column.id) || copySorts.includes(column.id));
}

function ariaSort(column: FieldColumn, sortable: boolean) {
  if (!sortable) return undefined;
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

/**
 * The table's header row. Its cells read the table's state when drawn; the props after
 * `headerGroups` are the parts of that state they show, so the header draws again only
 * when one of them changes, not with each new page of rows: while a name is typed, it
 * was about 70 of the 490 components each answer drew (bench/results/browser.md).
 */
export const FieldsTableHeader = memo(function FieldsTableHeader({
  headerGroups,
  copySorts,
}: {
  headerGroups: HeaderGroup<typeof fieldTableFeatures, SearchResultItem>[];
  copySorts: readonly CopySortField[];
  sorting: SortingState;
  sizes: ColumnSizingState;
  /** The column being resized, if any. */
  resizing: string | false;
  /** The page checkbox's state; undefined without a selection. */
  pageState: PageSelectionState | undefined;
}) {
  return (
    <thead className={`${tableClasses.thead} ${classes.header}`} data-sticky>
      {headerGroups.map((headerGroup) => (
        <tr
          key={headerGroup.id}
          className={tableClasses.tr}
          data-with-row-border
          data-hover
          aria-rowindex={1}
        >
          {headerGroup.headers.map((header) => {
            const label = columnLabelOf(header.column.columnDef);
            const sortable = canSort(header.column, copySorts);
            return (
              <th
                key={header.id}
                scope="col"
                className={`${tableClasses.th} ${classes.headerCell}`}
                // The header's name is the column's alone, not its resize handle's too.
                aria-label={label}
                aria-sort={ariaSort(header.column, sortable)}
                style={{ width: header.column.id === 'name' ? undefined : header.getSize() }}
              >
                {sortable ? (
                  <UnstyledButton
                    className={classes.sortButton}
                    title={`Sort by ${label?.toLowerCase()}`}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    <FlexRender header={header} />
                    <SortIcon column={header.column} />
                  </UnstyledButton>
                ) : (
                  <FlexRender header={header} />
                )}
                {header.column.getCanResize() && label && (
                  <ColumnResizeHandle header={header} label={label} />
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
});
