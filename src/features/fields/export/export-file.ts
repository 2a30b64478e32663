import type { DownloadableFile, ExportFormat } from '../../../components/download-file';
import { datedFileName } from '../../../components/download-file';
import type { FindingKey } from '../../../contract/finding-kinds';
import type { ExportRecord } from './export-record';
import { fieldsToCsv } from './fields-csv';

/**
 * `calculated-fields-2026-11-22.csv`, dated in the user's time zone; an audit finding's
 * fields `calculated-fields-unused-2026-11-22.csv`, named by the finding's key as the
 * drill-down's address is.
 */
export const exportFileName = (format: ExportFormat, now: Date, finding?: FindingKey): string =>
  datedFileName(finding ? `calculated-fields-${finding}` : 'calculated-fields', format, now);

/**
 * The file of an export, in the table's order. JSON holds each search result as the
 * API answered it (interface.md 2.2: with its links and activeLinks), with the
 * expression, names and status reason of export-record.ts beside it.
 */
export function exportFile(
  format: ExportFormat,
  fields: readonly ExportRecord[],
  now: Date,
  finding?: FindingKey,
): DownloadableFile {
  const name = exportFileName(format, now, finding);
  return format === 'csv'
    ? { name, type: 'text/csv;charset=utf-8', content: fieldsToCsv(fields) }
    : { name, type: 'application/json', content: `${JSON.stringify(fields, null, 2)}\n` };
}
