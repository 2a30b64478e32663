import { describe, expect, test } from 'vitest';
import type { Link } from '../../../contract/field';
import { searchItem } from '../../../api/test-support/mock-api';
import {
  csvCell,
  csvLine,
  fieldsToCsv,
  linkValiditySummary,
  neutraliseFormula,
} from './fields-csv';

function link(type: string, valid = 'VALID'): Link {
  return { resource: { type, id: `${type}-1` }, visible: true, active: true, valid };
}

describe('formula injection', () => {
  test.each([
    [
      '=HYPERLINK("http://evil.example","click")',
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    ],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
  ])('%j becomes text', (name, cell) => {
    expect(csvCell(name)).toBe(cell);
  });

  test.each(['Revenue = Sales - Cost', 'KPI - Margin', 'a@b', ' =1', 'Sum+1', "'=1"])(
    '%j does not start a formula and stays as it is',
    (name) => {
      expect(neutraliseFormula(name)).toBe(name);
    },
  );

  test('only the first character counts, and an empty cell stays empty', () => {
    expect(neutraliseFormula('')).toBe('');
    expect(csvCell('')).toBe('');
    expect(neutraliseFormula('==')).toBe("'==");
  });

  test('numbers and booleans are values, not text to neutralise', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(true)).toBe('true');
  });
});

describe('RFC 4180 quoting', () => {
  test('plain text is left unquoted', () => {
    expect(csvCell('Gross Margin')).toBe('Gross Margin');
  });

  test.each([
    ['Sales, by region', '"Sales, by region"'],
    ['The "real" margin', '"The ""real"" margin"'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['crlf\r\nend', '"crlf\r\nend"'],
    ['"', '""""'],
  ])('%j is quoted with inner quotes doubled', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  test('unicode passes through untouched', () => {
    expect(csvCell('Umsatz – Ø pro Kunde 💶')).toBe('Umsatz – Ø pro Kunde 💶');
    expect(csvCell('売上, 前年比')).toBe('"売上, 前年比"');
    expect(csvLine(['ä', 1, false, 'a"b'])).toBe('ä,1,false,"a""b"');
  });
});

describe('link validity summary', () => {
  test('says when there are none, when all are valid, and counts each other validity', () => {
    expect(linkValiditySummary([])).toBe('no links');
    expect(linkValiditySummary([link('CARD')])).toBe('1 link, all VALID');
    expect(linkValiditySummary([link('CARD'), link('DATA_SOURCE', 'ILLEGAL_REFERENCE')])).toBe(
      '2 links, 1 ILLEGAL_REFERENCE',
    );
    expect(
      linkValiditySummary([
        link('CARD', 'UNKNOWN'),
        link('CARD', 'ILLEGAL_REFERENCE'),
        link('DATA_SOURCE', 'ILLEGAL_REFERENCE'),
        link('DATA_SOURCE'),
      ]),
    ).toBe('4 links, 2 ILLEGAL_REFERENCE, 1 UNKNOWN');
  });
});

describe('fieldsToCsv', () => {
  test('writes a header and one CRLF line per field with the table columns', () => {
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
    const csv = fieldsToCsv([field]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'ID,Name,Owner,Locked,Status,Archived,Created,Last modified,Links,Data sources,Cards,Link validity',
      '42,"Margin, ""net""",9,true,INVALID,true,2024-01-02T03:04:05.000Z,2025-11-22T12:00:00.000Z,3,1,2,"3 links, 1 ILLEGAL_REFERENCE"',
      '',
    ]);
  });

  test('neutralises a name that would run as a formula', () => {
    const csv = fieldsToCsv([searchItem(1, { name: '=1+1' })]);
    expect(csv.split('\r\n')[1]).toMatch(/^1,"'=1\+1",/);
  });

  test('with no fields it is the header alone', () => {
    expect(fieldsToCsv([]).slice(1)).toBe(
      'ID,Name,Owner,Locked,Status,Archived,Created,Last modified,Links,Data sources,Cards,Link validity\r\n',
    );
  });
});
