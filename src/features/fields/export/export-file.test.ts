import { describe, expect, test } from 'vitest';
import { noDirectory } from '../../../api/directory/lookup-directory';
import { searchItem } from '../../../api/test-support/mock-api';
import type { ExportRecord } from './export-record';
import { exportRecordOf } from './export-record';
import { exportFile, exportFileName } from './export-file';

const now = new Date(2026, 10, 22, 23, 59);

/** A field the audit's latest scan holds in the Lint finding, its note said. */
const record = (id: number, name?: string): ExportRecord =>
  exportRecordOf(searchItem(id, name === undefined ? {} : { name }), 'SUM(`A`)', noDirectory, {
    fieldId: id,
    seen: true,
    findings: [{ key: 'lint', note: 'null-comparison' }],
  });

describe('exportFile', () => {
  test('names the file after the local day', () => {
    expect(exportFileName('csv', now)).toBe('calculated-fields-2026-11-22.csv');
    expect(exportFileName('json', new Date(2027, 0, 5))).toBe('calculated-fields-2027-01-05.json');
  });

  test("names an audit finding's fields after the finding, as its drill-down does", () => {
    expect(exportFileName('csv', now, 'exact-duplicates')).toBe(
      'calculated-fields-exact-duplicates-2026-11-22.csv',
    );
    expect(exportFile('json', [], now, 'unused').name).toBe(
      'calculated-fields-unused-2026-11-22.json',
    );
  });

  test('JSON is each search result as the API answered it, with the expression, names, status reason and findings beside it, pretty-printed', () => {
    const fields = [record(2, '=1+1'), record(1)];
    const file = exportFile('json', fields, now);
    expect(file.type).toBe('application/json');
    expect(JSON.parse(file.content)).toEqual(fields);
    expect(JSON.parse(file.content)[1]).toEqual({
      ...searchItem(1),
      expression: 'SUM(`A`)',
      ownerName: null,
      dataSources: [],
      cards: [],
      statusReason: '',
      findings: [{ key: 'lint', title: 'Lint', note: 'null-comparison' }],
    });
    expect(file.content).toContain('\n  {\n    "id": 2,');
  });

  test('CSV is one line per field after the header', () => {
    const file = exportFile('csv', [record(1), record(2)], now);
    expect(file.name).toBe('calculated-fields-2026-11-22.csv');
    expect(file.type).toBe('text/csv;charset=utf-8');
    expect(file.content.trimEnd().split('\r\n')).toHaveLength(3);
  });

  test('an empty search exports an empty array', () => {
    expect(JSON.parse(exportFile('json', [], now).content)).toEqual([]);
  });
});
