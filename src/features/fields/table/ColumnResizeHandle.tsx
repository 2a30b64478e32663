import type { Header } from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import type { SearchResultItem } from '../../../contract/field';
import type { fieldTableFeatures } from './field-columns';
import classes from './FieldsTable.module.css';
import { columnWidthBounds } from './layout/table-layout';

/** Pixels one arrow key moves the edge; with Shift, five times as far. */
const keyboardStep = 10;

/**
 * The right edge of a column's header: drag it (mouse or touch), or focus it and use
 * the arrow keys (Shift for bigger steps, Home and End for the narrowest and widest).
 * A double click gives the column its default width back. A focusable separator
 * with a value, as WAI-ARIA describes a splitter.
 */
export function ColumnResizeHandle({
  header,
  label,
}: {
  header: Header<typeof fieldTableFeatures, SearchResultItem, unknown>;
  label: string;
}) {
  const { column, table } = header;
  const width = column.getSize();
  const setWidth = (next: number) => {
    const bounded = Math.min(columnWidthBounds.max, Math.max(columnWidthBounds.min, next));
    table.setColumnSizing((sizes) => ({ ...sizes, [column.id]: bounded }));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? keyboardStep * 5 : keyboardStep;
    const moves: Record<string, (() => void) | undefined> = {
      ArrowLeft: () => setWidth(width - step),
      ArrowRight: () => setWidth(width + step),
      Home: () => setWidth(columnWidthBounds.min),
      End: () => setWidth(columnWidthBounds.max),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const startDrag = header.getResizeHandler();
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={width}
      aria-valuemin={columnWidthBounds.min}
      aria-valuemax={columnWidthBounds.max}
      aria-valuetext={`${width} pixels`}
      tabIndex={0}
      className={classes.resizeHandle}
      data-resizing={column.getIsResizing() || undefined}
      onMouseDown={startDrag}
      onTouchStart={startDrag}
      onDoubleClick={() => column.resetSize()}
      onKeyDown={onKeyDown}
    />
  );
}
