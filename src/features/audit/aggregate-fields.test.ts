import { describe, expect, test } from 'vitest';
import type { Link } from '../../contract/field';
import { searchItem } from '../../api/test-support/mock-api';
import {
  fieldsModifiedPerMonth,
  topDataSourcesByBrokenLinks,
  topOwnersByProblems,
} from './aggregate-fields';

function link(type: string, id: string, valid = 'VALID'): Link {
  return { resource: { type, id }, visible: true, active: true, valid };
}

const broken = 'ILLEGAL_REFERENCE';

describe('top owners by invalid or broken-link fields', () => {
  test('counts each kind of problem, ranks by fields with either, and skips healthy owners', () => {
    const fields = [
      searchItem(1, { owner: 10, status: 'INVALID' }),
      searchItem(2, { owner: 10, status: 'INVALID', links: [link('CARD', 'dr:1:1', broken)] }),
      searchItem(3, { owner: 20, links: [link('DATA_SOURCE', 'a', broken)] }),
      searchItem(4, { owner: 20, links: [link('DATA_SOURCE', 'a', broken)] }),
      searchItem(5, { owner: 20, status: 'INVALID' }),
      searchItem(6, { owner: 30 }),
      searchItem(7, { owner: 40, status: 'INVALID' }),
    ];
    expect(topOwnersByProblems(fields)).toEqual([
      { owner: 20, invalid: 1, brokenLinks: 2, withProblems: 3 },
      { owner: 10, invalid: 2, brokenLinks: 1, withProblems: 2 },
      { owner: 40, invalid: 1, brokenLinks: 0, withProblems: 1 },
    ]);
  });

  test('keeps the first ten; ties go to the lower owner id', () => {
    const fields = Array.from({ length: 12 }, (_, index) =>
      searchItem(index, { owner: 100 - index, status: 'INVALID' }),
    );
    const owners = topOwnersByProblems(fields).map((entry) => entry.owner);
    expect(owners).toEqual([89, 90, 91, 92, 93, 94, 95, 96, 97, 98]);
  });
});

describe('top data sources by broken links', () => {
  test('counts each field with a broken link once per data source it links to', () => {
    const fields = [
      searchItem(1, {
        links: [
          link('DATA_SOURCE', 'a', broken),
          link('DATA_SOURCE', 'a'),
          link('DATA_SOURCE', 'b'),
        ],
      }),
      // The broken link is a card's, but the field is linked to `a`: the table's filter finds it.
      searchItem(2, { links: [link('DATA_SOURCE', 'a'), link('CARD', 'dr:1:2', broken)] }),
      searchItem(3, { links: [link('DATA_SOURCE', 'c')] }),
      searchItem(4, { links: [link('CARD', 'dr:1:3', broken)] }),
    ];
    expect(topDataSourcesByBrokenLinks(fields)).toEqual([
      { dataSource: 'a', fieldsWithBrokenLinks: 2 },
      { dataSource: 'b', fieldsWithBrokenLinks: 1 },
    ]);
  });

  test('keeps the first ten', () => {
    const fields = Array.from({ length: 15 }, (_, index) =>
      searchItem(index, { links: [link('DATA_SOURCE', `ds-${index}`, broken)] }),
    );
    expect(topDataSourcesByBrokenLinks(fields)).toHaveLength(10);
  });
});

describe('fields modified per month', () => {
  test('counts by UTC month, from the first to the last, with empty months as 0', () => {
    const at = (iso: string) => searchItem(1, { lastModified: Date.parse(iso) });
    const fields = [
      at('2024-11-30T23:59:59Z'),
      at('2025-02-01T00:00:00Z'),
      at('2024-11-01T00:00:00Z'),
      at('2025-02-28T12:00:00Z'),
    ];
    expect(fieldsModifiedPerMonth(fields)).toEqual([
      { month: '2024-11', fields: 2 },
      { month: '2024-12', fields: 0 },
      { month: '2025-01', fields: 0 },
      { month: '2025-02', fields: 2 },
    ]);
  });

  test('no fields, no months', () => {
    expect(fieldsModifiedPerMonth([])).toEqual([]);
  });
});
