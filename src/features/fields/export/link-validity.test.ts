import { describe, expect, test } from 'vitest';
import type { Link } from '../../../contract/field';
import { linkValiditySummary } from './link-validity';

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
