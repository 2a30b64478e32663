import type { Cell, Row } from '@tanstack/react-table';
import { memo } from 'react';
import type { ReactNode } from 'react';
import type { SearchResultItem } from '../../../contract/field';
import { isValidStatus } from '../../../contract/field-status';
import type { fieldTableFeatures } from './field-columns';
import classes from './FieldsTable.module.css';
import { tableClasses } from '../../../components/plain-mantine/mantine-markup';

export type FieldTableRow = Row<typeof fieldTableFeatures, SearchResultItem>;

interface FieldRowProps {
  row: FieldTableRow;
  /** The row's position for assistive technology: the header row is 1. */
  ariaRowIndex: number;
  /** The table's last row has no border below it, as in Mantine's table body. */
  last: boolean;
  open: boolean;
  selected: boolean;
  /** The ids of the shown columns, joined: the row draws its cells again when they change. */
  shownColumns: string;
}

/**
 * The table gives every row a new object whenever its page changes (a lock rewrites one
 * field of it), while the page keeps each unchanged field the same object
 * (use-kept-fields.ts). So a row is the same when its field is, and scrolling or a
 * neighbour's change draws only the rows that did change (docs/web-app.md, "The
 * fields table").
 */
function isSameRow(before: FieldRowProps, after: FieldRowProps) {
  return (
    before.row.original === after.row.original &&
    before.ariaRowIndex === after.ariaRowIndex &&
    before.last === after.last &&
    before.open === after.open &&
    before.selected === after.selected &&
    before.shownColumns === after.shownColumns
  );
}

/**
 * A cell's content: its column's renderer (field-columns.tsx) called as the function it
 * is. `FlexRender` drew each renderer as a component of its own, two components per
 * cell that did nothing else: 340 of the 830 a typed key's new rows drew
 * (bench/results/browser.md). The renderers hold no hooks; the components they
 * return are drawn as components.
 */
function cellContent(cell: Cell<typeof fieldTableFeatures, SearchResultItem>): ReactNode {
  const render = cell.column.columnDef.cell;
  return typeof render === 'function' ? (render(cell.getContext()) as ReactNode) : render;
}

type RowCellsProps = Pick<FieldRowProps, 'row' | 'selected' | 'shownColumns'>;

const isSameCells = (before: RowCellsProps, after: RowCellsProps) =>
  before.row.original === after.row.original &&
  before.selected === after.selected &&
  before.shownColumns === after.shownColumns;

/**
 * A row's cells, apart from its place: a row that stays while a typed letter narrows
 * the search moves up among the others, and keeps its cells as they are.
 */
const RowCells = memo(function RowCells({ row }: RowCellsProps) {
  return row.getVisibleCells().map((cell) => (
    <td
      key={cell.id}
      className={tableClasses.td}
      data-control={cell.column.id === 'select' || undefined}
    >
      {cellContent(cell)}
    </td>
  ));
}, isSameCells);

/**
 * One field's row. Plain `tr` and `td` with Mantine's table classes: the same look as
 * `Table.Tr` and `Table.Td` without their per-cell style work, which was the largest
 * part of drawing rows as they scroll in. A click on the row opens the field (FieldRows).
 */
export const FieldRow = memo(function FieldRow({
  row,
  ariaRowIndex,
  last,
  open,
  selected,
  shownColumns,
}: FieldRowProps) {
  const field = row.original;
  return (
    <tr
      className={`${tableClasses.tr} ${classes.row}`}
      data-with-row-border={!last || undefined}
      data-hover
      aria-rowindex={ariaRowIndex}
      data-field-id={field.id}
      data-locked={field.locked || undefined}
      data-invalid={!isValidStatus(field.status) || undefined}
      data-open={open || undefined}
      data-selected={selected || undefined}
    >
      <RowCells row={row} selected={selected} shownColumns={shownColumns} />
    </tr>
  );
}, isSameRow);
