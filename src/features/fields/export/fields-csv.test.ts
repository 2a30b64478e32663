import { describe, expect, test } from 'vitest';
import type { Link } from '../../../contract/field';
import { searchItem } from '../../../api/test-support/mock-api';
import { fieldsToCsv, linkValiditySummary } from './fields-csv';

function link(type: string, valid = 'VALID'): Link {
  return { resource: { type, id: `${type}-1` }, visible: true, active: true, valid };
}

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
