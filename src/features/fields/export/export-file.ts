import type { ExportRecord } from './export-record';
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
 * The file of an export, in the table's order. JSON holds each search result as the
 * API answered it (interface.md 2.2: with its links and activeLinks), with the
 * expression, names and status reason of export-record.ts beside it.
 */
export function exportFile(
  format: ExportFormat,
  fields: readonly ExportRecord[],
  now: Date,
): ExportFile {
  const name = exportFileName(format, now);
  return format === 'csv'
    ? { name, type: 'text/csv;charset=utf-8', content: fieldsToCsv(fields) }
    : { name, type: 'application/json', content: `${JSON.stringify(fields, null, 2)}\n` };
}
