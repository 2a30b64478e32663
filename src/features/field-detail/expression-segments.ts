import type { ColumnPosition } from '../../contract/field';

/** A run of expression text; `column` is set when the run is a column reference. */
export interface ExpressionSegment {
  text: string;
  column?: string;
}

/**
 * Cuts the expression at the offsets the server reported for each column
 * reference. An offset whose text is not that reference (or overlaps the one
 * before) is left unhighlighted rather than highlighting the wrong characters.
 */
export function expressionSegments(
  expression: string,
  columnPositions: readonly ColumnPosition[],
): ExpressionSegment[] {
  const segments: ExpressionSegment[] = [];
  let cursor = 0;
  const inOrder = [...columnPositions].sort((a, b) => a.columnPosition - b.columnPosition);
  for (const { columnName, columnPosition } of inOrder) {
    const end = columnPosition + columnName.length;
    if (columnPosition < cursor || expression.slice(columnPosition, end) !== columnName) continue;
    if (columnPosition > cursor) segments.push({ text: expression.slice(cursor, columnPosition) });
    segments.push({ text: columnName, column: columnName });
    cursor = end;
  }
  if (cursor < expression.length) segments.push({ text: expression.slice(cursor) });
  return segments;
}

export interface ColumnUsage {
  columnName: string;
  positions: number[];
}

/** One entry per distinct column, in order of first use. */
export function columnUsage(columnPositions: readonly ColumnPosition[]): ColumnUsage[] {
  const byName = new Map<string, number[]>();
  for (const { columnName, columnPosition } of columnPositions) {
    const positions = byName.get(columnName) ?? [];
    positions.push(columnPosition);
    byName.set(columnName, positions);
  }
  return [...byName].map(([columnName, positions]) => ({ columnName, positions }));
}
