import { describe, expect, test } from 'vitest';
import { findingTitles } from '../../../contract/audit';
import type { Link } from '../../../contract/field';
import { noDirectory } from '../../../api/directory/lookup-directory';
import { searchItem } from '../../../api/test-support/mock-api';
import { exportRecordOf } from './export-record';
import { fieldsToCsv } from './fields-csv';

function link(type: string, valid = 'VALID'): Link {
  return { resource: { type, id: `${type}-1` }, visible: true, active: true, valid };
}

/** The file's record of a field with no names known and no expression read. */
const record = (id: number, overrides: Parameters<typeof searchItem>[1] = {}) =>
  exportRecordOf(searchItem(id, overrides), undefined, noDirectory, undefined);

const header =
  'ID,Name,Owner,Owner ID,Locked,Status,Status reason,Findings,Archived,Variable,Created,Last modified,Expression,Data sources,Data source IDs,Cards,Card IDs,Link validity';

describe('fieldsToCsv', () => {
  test('writes a header and one CRLF line per field, with the expression, names beside ids and why the status is what it is', () => {
    const field = searchItem(42, {
      name: 'Margin, "net"',
      owner: 9,
      locked: true,
      status: 'INVALID',
      archived: true,
      created: Date.UTC(2024, 0, 2, 3, 4, 5),
      lastModified: Date.UTC(2025, 10, 22, 12, 0, 0),
      links: [link('DATA_SOURCE'), link('CARD', 'ILLEGAL_REFERENCE'), link('CARD')],
    });
    const names = {
      available: true,
      owners: new Map([[9, { id: 9, name: 'Ada Lovelace' }]]),
      dataSources: new Map([
        ['DATA_SOURCE-1', { id: 'DATA_SOURCE-1', name: 'Sales', columns: [] }],
      ]),
      cards: new Map(),
    };
    const findings = {
      fieldId: 42,
      seen: true,
      findings: [{ key: 'invalid' as const }, { key: 'broken-references' as const }],
    };
    const csv = fieldsToCsv([exportRecordOf(field, 'SUM(`Amount`', names, findings)]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      header,
      // Two links to one card are one card; a card the instance does not name has an empty name.
      `42,"Margin, ""net""",Ada Lovelace,9,true,INVALID,missing ')' to close the '(' at position 3,"Invalid; Broken references",true,false,2024-01-02T03:04:05.000Z,2025-11-22T12:00:00.000Z,SUM(\`Amount\`,Sales,DATA_SOURCE-1,,CARD-1,"3 links, 1 ILLEGAL_REFERENCE"`,
      '',
    ]);
  });

  test('names the findings by their titles: none for a field with none, and says when the latest scan did not see the field', () => {
    const line = (findings: Parameters<typeof exportRecordOf>[3]) =>
      fieldsToCsv([exportRecordOf(searchItem(7), undefined, noDirectory, findings)])
        .split('\r\n')[1]!
        .split(',');
    const column = header.split(',').indexOf('Findings');
    expect(line({ fieldId: 7, seen: true, findings: [] })[column]).toBe('');
    expect(line({ fieldId: 7, seen: false, findings: [] })[column]).toBe('not scanned yet');
    expect(line(undefined)[column]).toBe('not scanned yet');
    expect(line({ fieldId: 7, seen: true, findings: [{ key: 'unused' }] })[column]).toBe(
      findingTitles.unused,
    );
  });

  test('a valid field with a broken link says so; a sound one has no reason', () => {
    const broken = record(1, { links: [link('DATA_SOURCE', 'ILLEGAL_REFERENCE')] });
    expect(broken.statusReason).toBe('broken link: 1 link, 1 ILLEGAL_REFERENCE');
    expect(record(2).statusReason).toBe('');
  });

  test("an INVALID field the analyzer alone finds nothing in, and a broken link, give the audit's reason", () => {
    const nestsDeleted = searchItem(6, { status: 'INVALID' });
    const unknownId =
      'SERVICE_BEAST_MODE(999) at position 0 references field 999, which does not exist';
    const invalid = exportRecordOf(nestsDeleted, 'SERVICE_BEAST_MODE(999) * 2', noDirectory, {
      fieldId: 6,
      seen: true,
      findings: [{ key: 'invalid', note: unknownId }],
    });
    expect(invalid.statusReason).toBe(unknownId);

    const missing = '`Margin` missing from data source Sales';
    const broken = exportRecordOf(
      searchItem(9, { links: [link('DATA_SOURCE', 'ILLEGAL_REFERENCE')] }),
      'SUM(`Margin`)',
      noDirectory,
      { fieldId: 9, seen: true, findings: [{ key: 'broken-references', note: missing }] },
    );
    expect(broken.statusReason).toBe(`broken link: ${missing}`);
  });

  test("each finding's note follows its title, as the drawer tells it", () => {
    const note = "the date '2024-01-01' at position 5 is written into the formula";
    const csv = fieldsToCsv([
      exportRecordOf(searchItem(12), undefined, noDirectory, {
        fieldId: 12,
        seen: true,
        findings: [{ key: 'unused' }, { key: 'lint', note }],
      }),
    ]);
    expect(csv.split('\r\n')[1]).toContain(`"Unused; Lint: ${note}"`);
  });

  test('neutralises a name and an expression that would run as formulas', () => {
    const csv = fieldsToCsv([
      exportRecordOf(searchItem(1, { name: '=1+1' }), '-SUM(`A`)', noDirectory, undefined),
    ]);
    const line = csv.split('\r\n')[1]!;
    expect(line).toMatch(/^1,"'=1\+1",/);
    expect(line).toContain(`"'-SUM(\`A\`)"`);
  });

  test('with no fields it is the header alone', () => {
    expect(fieldsToCsv([]).slice(1)).toBe(`${header}\r\n`);
  });
});
