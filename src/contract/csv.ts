// CSV as the project's exports write it, in the browser and on the server alike.

export type CsvValue = string | number | boolean;

/**
 * Spreadsheets run a cell that starts with one of these as a formula, which makes an
 * export of names others typed a way to run their formulas (CSV injection). A leading
 * apostrophe makes the cell plain text in Excel, LibreOffice and Google Sheets.
 */
const formulaStart = /^[=+\-@\t\r]/;
/**
 * A spreadsheet set to split cells on `;` or a tab (as many locales' are) may start
 * a cell after one even inside quotes, so a formula character there is made text too.
 */
const formulaAfterSeparator = /([;\t])(?=[=+\-@])/g;

export function neutraliseFormula(text: string): string {
  const inner = text.replace(formulaAfterSeparator, "$1'");
  return formulaStart.test(inner) ? `'${inner}` : inner;
}

/** One cell as RFC 4180 writes it; text is neutralised, numbers and booleans are not text. */
export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return String(value);
  const text = neutraliseFormula(value);
  // A neutralised cell is quoted too, so no reader splits it back into a formula; so is
  // one with a separator other readers use (`;`, tab).
  const needsQuotes = text !== value || /[",;\t\r\n]/.test(text);
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/** Rows as CSV text: each a line of cells, every line ending in CRLF. */
export function csvLines(rows: ReadonlyArray<readonly CsvValue[]>): string {
  return rows.map((row) => `${csvLine(row)}\r\n`).join('');
}

/** Makes Excel read a file as UTF-8 rather than the system's code page; other readers skip it. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/** A whole CSV file, as every export of the project writes one: the byte order mark, then the rows. */
export function csvFile(rows: ReadonlyArray<readonly CsvValue[]>): string {
  return `${CSV_BYTE_ORDER_MARK}${csvLines(rows)}`;
}
