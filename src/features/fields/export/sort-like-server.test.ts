import { describe, expect, test } from 'vitest';
import { searchItem } from '../../../api/test-support/mock-api';
import { sortLikeServer } from './sort-like-server';

const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('sortLikeServer', () => {
  const items = [
    searchItem(4, { name: 'beta', created: 300, lastModified: 10 }),
    searchItem(1, { name: 'Alpha', created: 100, lastModified: 30 }),
    searchItem(3, { name: 'alpha', created: 100, lastModified: 20 }),
    searchItem(2, { name: 'ALPHA', created: 200, lastModified: 20 }),
  ];

  test('names compare case-insensitively, ties on id', () => {
    expect(ids(sortLikeServer(items, { column: 'name', descending: false }))).toEqual([1, 2, 3, 4]);
  });

  test('descending reverses the tie-break on id too', () => {
    expect(ids(sortLikeServer(items, { column: 'name', descending: true }))).toEqual([4, 3, 2, 1]);
  });

  test('dates sort as numbers, then by id', () => {
    expect(ids(sortLikeServer(items, { column: 'created', descending: false }))).toEqual([
      1, 3, 2, 4,
    ]);
    expect(ids(sortLikeServer(items, { column: 'lastModified', descending: true }))).toEqual([
      1, 3, 2, 4,
    ]);
  });

  test('leaves the input as it was', () => {
    const before = ids(items);
    sortLikeServer(items, { column: 'name', descending: false });
    expect(ids(items)).toEqual(before);
  });

  test('punctuation and digits sort by code point, as the server does', () => {
    const names = ['z_total', 'Z Total', 'zebra', 'Z1', 'Ä', '[Old]', 'Zürich'];
    const sorted = sortLikeServer(
      names.map((name, index) => searchItem(index + 1, { name })),
      { column: 'name', descending: false },
    ).map((item) => item.name);
    expect(sorted).toEqual(['[Old]', 'Z Total', 'Z1', 'z_total', 'zebra', 'Zürich', 'Ä']);
  });

  test('full-width letters and characters beyond U+FFFF sort as the store sorts them', () => {
    const names = ['📈 Growth', 'Ｒevenue', 'ß', 'revenue', 'SS'];
    const sorted = sortLikeServer(
      names.map((name, index) => searchItem(index + 1, { name })),
      { column: 'name', descending: false },
    ).map((item) => item.name);
    expect(sorted).toEqual(['revenue', 'SS', 'ß', 'Ｒevenue', '📈 Growth']);
  });

  test("the copy's sorts: owners by name (unnamed last), VALID first, counts, ties on id", () => {
    const link = (type: string, active: boolean, valid = 'VALID') => ({
      resource: { type, id: `${type}-1` },
      visible: true,
      active,
      valid,
    });
    const fields = [
      searchItem(1, { owner: 9, status: 'INVALID', links: [link('CARD', true, 'BROKEN')] }),
      searchItem(2, { owner: 7, links: [link('CARD', true), link('CARD', true)] }),
      searchItem(3, { owner: 8, status: 'ILLEGAL_REFERENCE', links: [link('DATA_SOURCE', true)] }),
      searchItem(4, { owner: 7, links: [] }),
    ];
    const owners = new Map([
      [7, 'zoe'],
      [8, 'Ada'],
    ]);
    const sorted = (column: 'owner' | 'status' | 'links' | 'usage' | 'problems') =>
      ids(sortLikeServer(fields, { column, descending: false }, owners));
    expect(sorted('owner')).toEqual([3, 2, 4, 1]);
    expect(sorted('status')).toEqual([2, 4, 3, 1]);
    expect(sorted('links')).toEqual([4, 1, 3, 2]);
    expect(sorted('usage')).toEqual([3, 4, 1, 2]);
    expect(sorted('problems')).toEqual([2, 4, 3, 1]);
  });
});
