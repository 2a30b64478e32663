import type { SearchResultItem } from '../../../contract/field';
import { fieldsToCsv } from './fields-csv';

export type ExportFormat = 'csv' | 'json';

export interface ExportFile {
  name: string;
  type: string;
  content: string;
}

/** `calculated-fields-2026-11-22.csv`, dated in the user's time zone. */
export function exportFileName(format: ExportFormat, now: Date): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-');
  return `calculated-fields-${day}.${format}`;
}

/**
 * The file of an export. JSON holds the search results exactly as the API answered
 * them (interface.md 2.2: each item with its links and activeLinks), in the table's order.
 */
export function exportFile(
  format: ExportFormat,
  fields: readonly SearchResultItem[],
  now: Date,
): ExportFile {
  const name = exportFileName(format, now);
  return format === 'csv'
    ? { name, type: 'text/csv;charset=utf-8', content: fieldsToCsv(fields) }
    : { name, type: 'application/json', content: `${JSON.stringify(fields, null, 2)}\n` };
}
