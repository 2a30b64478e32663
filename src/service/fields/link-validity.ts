import { ILLEGAL_REFERENCE, VALID } from '../../contract/field';

/**
 * A link is ILLEGAL_REFERENCE when the expression references a column its data
 * source does not have (for a card: the card's data source), or when the data
 * source itself is unknown.
 */
export function linkValidity(
  referencedColumns: readonly string[],
  dataSourceColumns: readonly string[] | undefined,
): string {
  if (!dataSourceColumns) return ILLEGAL_REFERENCE;
  const available = new Set(dataSourceColumns);
  return referencedColumns.every((column) => available.has(column)) ? VALID : ILLEGAL_REFERENCE;
}

/** Column names without backticks, distinct, from stored column positions. */
export function columnsOf(columnPositions: readonly { columnName: string }[]): string[] {
  return [...new Set(columnPositions.map((position) => position.columnName.slice(1, -1)))];
}
