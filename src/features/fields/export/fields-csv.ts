import type { CsvValue } from '../../../contract/csv';
import { csvFile } from '../../../contract/csv';
import type { ExportRecord } from './export-record';
import { linkValiditySummary } from './link-validity';

type CellValue = CsvValue;

const isoTime = (epochMs: number) => new Date(epochMs).toISOString();

/** Several names in one cell, in the order of their ids' cell; an unnamed one is empty. */
const names = (entries: ReadonlyArray<{ name: string | null }>) =>
  entries.map((entry) => entry.name ?? '').join('; ');
/**
 * The findings' titles, each with what it says of the field as the drawer tells it; a
 * field the latest scan did not see is said to be so.
 */
const findingTitles = (field: ExportRecord) =>
  field.findings === null
    ? 'not scanned yet'
    : field.findings
        .map((finding) =>
          finding.note === undefined ? finding.title : `${finding.title}: ${finding.note}`,
        )
        .join('; ');
const ids = (entries: ReadonlyArray<{ id: string }>) => entries.map((entry) => entry.id).join('; ');

/** The columns, with names beside ids, dates as ISO 8601 and the links summarised. */
export const csvColumns: ReadonlyArray<{
  header: string;
  value: (field: ExportRecord) => CellValue;
}> = [
  { header: 'ID', value: (field) => field.id },
  { header: 'Name', value: (field) => field.name },
  { header: 'Owner', value: (field) => field.ownerName ?? '' },
  { header: 'Owner ID', value: (field) => field.owner },
  { header: 'Locked', value: (field) => field.locked },
  { header: 'Status', value: (field) => field.status },
  { header: 'Status reason', value: (field) => field.statusReason },
  { header: 'Findings', value: findingTitles },
  { header: 'Archived', value: (field) => field.archived },
  { header: 'Variable', value: (field) => field.variable },
  { header: 'Created', value: (field) => isoTime(field.created) },
  { header: 'Last modified', value: (field) => isoTime(field.lastModified) },
  { header: 'Expression', value: (field) => field.expression ?? '' },
  { header: 'Data sources', value: (field) => names(field.dataSources) },
  { header: 'Data source IDs', value: (field) => ids(field.dataSources) },
  {
    header: 'Cards',
    value: (field) => names(field.cards.map((card) => ({ name: card.title }))),
  },
  { header: 'Card IDs', value: (field) => ids(field.cards) },
  { header: 'Link validity', value: (field) => linkValiditySummary(field.links) },
];

/** A header row and one row per field, as every CSV export is written (contract/csv.ts). */
export function fieldsToCsv(fields: readonly ExportRecord[]): string {
  const rows = [
    csvColumns.map((column) => column.header),
    ...fields.map((field) => csvColumns.map((column) => column.value(field))),
  ];
  return csvFile(rows);
}
