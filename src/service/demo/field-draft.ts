import type { DemoColumns } from './demo-data-source';
import type { SeededRandom } from './seeded-random';

export type DemoDataType = 'DECIMAL' | 'LONG' | 'STRING' | 'DATE' | 'BOOLEAN';

/** A field's authored content before flags, links and timestamps are added. */
export interface FieldDraft {
  name: string;
  expression: string;
  dataType: DemoDataType;
}

/** Builds a field from a data source's columns, or gives up when the columns do not fit. */
export type ExpressionTemplate = (
  columns: DemoColumns,
  random: SeededRandom,
) => FieldDraft | undefined;

export type WeightedTemplates = readonly (readonly [ExpressionTemplate, number])[];

/** A column reference as it is written in an expression. */
export function ref(column: string): string {
  return `\`${column}\``;
}

/** SQL string literal. */
export function text(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** "Customer ID" -> "Customer", "order_id" -> "order", "PO Number" -> "PO". */
export function entityOf(idColumn: string): string {
  return idColumn.replace(/(\s+ID|_id|\s+Number)$/i, '') || idColumn;
}

export function twoDistinct(
  items: readonly string[],
  random: SeededRandom,
): [string, string] | undefined {
  if (items.length < 2) return undefined;
  const [first, second] = random.sample(items, 2);
  return first !== undefined && second !== undefined ? [first, second] : undefined;
}

export const thresholds = [100, 250, 500, 1000, 5000, 10000, 50000, 100000] as const;
