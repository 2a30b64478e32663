// The cell rule of every CSV the project writes, the browser's exports and the server's alike.
import { describe, expect, test } from 'vitest';
import { csvCell, csvLine, neutraliseFormula } from './csv';

describe('formula injection', () => {
  test.each([
    [
      '=HYPERLINK("http://evil.example","click")',
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    ],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
    // A reader splitting on tabs would start a cell at `=1`: that is made text too.
    ['\t=1', `"'\t'=1"`],
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

describe('cells a spreadsheet may split on ; or a tab', () => {
  test.each([
    ["x;=cmd|'/c calc'!A1;y", `"x;'=cmd|'/c calc'!A1;y"`],
    ['a;+1', `"a;'+1"`],
    ['a\t-1', `"a\t'-1"`],
    ['a;@SUM(A1)', `"a;'@SUM(A1)"`],
    ['Revenue; net', '"Revenue; net"'],
    ['tab\tseparated', '"tab\tseparated"'],
  ])('%j is quoted, and a formula character after ; or a tab made text', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });
});
