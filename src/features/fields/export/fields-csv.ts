import { plural } from '../../../components/plural';
import type { Link, SearchResultItem } from '../../../contract/field';
import { isBrokenLink } from '../../../contract/field';

import type { CsvValue } from '../../../contract/csv';
import { csvLine } from '../../../contract/csv';

type CellValue = CsvValue;

/** "no links", "3 links, all VALID", or the count of each validity that is not VALID. */
export function linkValiditySummary(links: readonly Link[]): string {
  if (links.length === 0) return 'no links';
  const total = plural(links.length, 'link', 'links');
  const notValid = new Map<string, number>();
  for (const link of links) {
    if (isBrokenLink(link)) notValid.set(link.valid, (notValid.get(link.valid) ?? 0) + 1);
  }
  if (notValid.size === 0) return `${total}, all VALID`;
  const counts = [...notValid]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([validity, count]) => `${count} ${validity}`);
  return [total, ...counts].join(', ');
}

const countOf = (links: readonly Link[], type: string) =>
  links.filter((link) => link.resource.type === type).length;

const isoTime = (epochMs: number) => new Date(epochMs).toISOString();

/** The table's columns, with dates as ISO 8601 and the links summarised. */
export const csvColumns: ReadonlyArray<{
  header: string;
  value: (field: SearchResultItem) => CellValue;
}> = [
  { header: 'ID', value: (field) => field.id },
  { header: 'Name', value: (field) => field.name },
  { header: 'Owner', value: (field) => field.owner },
  { header: 'Locked', value: (field) => field.locked },
  { header: 'Status', value: (field) => field.status },
  { header: 'Archived', value: (field) => field.archived },
  { header: 'Created', value: (field) => isoTime(field.created) },
  { header: 'Last modified', value: (field) => isoTime(field.lastModified) },
  { header: 'Links', value: (field) => field.links.length },
  { header: 'Data sources', value: (field) => countOf(field.links, 'DATA_SOURCE') },
  { header: 'Cards', value: (field) => countOf(field.links, 'CARD') },
  { header: 'Link validity', value: (field) => linkValiditySummary(field.links) },
];

/**
 * A header row and one row per field, lines ending CRLF (RFC 4180). The byte order
 * mark makes Excel read the file as UTF-8 rather than the system's code page.
 */
export function fieldsToCsv(fields: readonly SearchResultItem[]): string {
  const lines = [
    csvLine(csvColumns.map((column) => column.header)),
    ...fields.map((field) => csvLine(csvColumns.map((column) => column.value(field)))),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
