// CSV as the project's exports write it, in the browser and on the server alike.

export type CsvValue = string | number | boolean;

/**
 * Spreadsheets run a cell that starts with one of these as a formula, which makes an
 * export of names others typed a way to run their formulas (CSV injection). A leading
 * apostrophe makes the cell plain text in Excel, LibreOffice and Google Sheets.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** One cell as RFC 4180 writes it; text is neutralised, numbers and booleans are not text. */
export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return String(value);
  const text = neutraliseFormula(value);
  // A neutralised cell is quoted too, so no reader splits it back into a formula.
  const needsQuotes = text !== value || /[",\r\n]/.test(text);
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}
