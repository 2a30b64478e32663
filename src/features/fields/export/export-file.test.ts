import { describe, expect, test } from 'vitest';
import { searchItem } from '../../../api/test-support/mock-api';
import { exportFile, exportFileName } from './export-file';

const now = new Date(2026, 10, 22, 23, 59);

describe('exportFile', () => {
  test('names the file after the local day', () => {
    expect(exportFileName('csv', now)).toBe('calculated-fields-2026-11-22.csv');
    expect(exportFileName('json', new Date(2027, 0, 5))).toBe('calculated-fields-2027-01-05.json');
  });

  test('JSON is the search results as the API answered them, pretty-printed', () => {
    const fields = [searchItem(2, { name: '=1+1' }), searchItem(1)];
    const file = exportFile('json', fields, now);
    expect(file.type).toBe('application/json');
    expect(JSON.parse(file.content)).toEqual(fields);
    expect(file.content).toContain('\n  {\n    "id": 2,');
  });

  test('CSV is one line per field after the header', () => {
    const file = exportFile('csv', [searchItem(1), searchItem(2)], now);
    expect(file.name).toBe('calculated-fields-2026-11-22.csv');
    expect(file.type).toBe('text/csv;charset=utf-8');
    expect(file.content.trimEnd().split('\r\n')).toHaveLength(3);
  });

  test('an empty search exports an empty array', () => {
    expect(JSON.parse(exportFile('json', [], now).content)).toEqual([]);
  });
});
