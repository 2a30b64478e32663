import { LOOK_ALIKE_GROUP } from '../contract/hidden-characters';
import { describe, expect, test } from 'vitest';
import { brokenReferenceGroupKey } from '../contract/workflows';
import { defaultTableView } from './table-address';
import { fixLink, readFixTarget } from './fix-link';
import { groupFix } from './group-fix';
import type { FixTarget } from './fix-link';

const readLink = (link: string) => readFixTarget(new URL(link, 'http://localhost').searchParams);

describe('a fix link', () => {
  test('names the workflow and what it acts on, escaped', () => {
    expect(fixLink({ workflow: 'cleanup' })).toBe('/fix?workflow=cleanup');
    expect(fixLink({ workflow: 'cleanup', deleteArchivedToo: true })).toBe(
      '/fix?workflow=cleanup&action=delete&includeArchived=true',
    );
    expect(fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: 'a&b' })).toBe(
      '/fix?workflow=merge&finding=exact-duplicates&group=a%26b',
    );
    expect(fixLink({ workflow: 'remap', dataSource: 'ds-1', column: 'Profit %' })).toBe(
      '/fix?workflow=remap&dataSource=ds-1&column=Profit+%25',
    );
    expect(fixLink({ workflow: 'handover', from: 42 })).toBe('/fix?workflow=handover&from=42');
  });

  test('of a find and replace carries the table’s filters and search, not its page or sort', () => {
    const link = fixLink({
      workflow: 'replace',
      view: {
        ...defaultTableView,
        name: 'revenue',
        page: 3,
        sort: { column: 'id', descending: true },
        owners: [7],
        locked: false,
      },
    });
    expect(link).toBe('/fix?workflow=replace&q=revenue&locked=false&owner=7');
    expect(fixLink({ workflow: 'replace', view: {} })).toBe('/fix?workflow=replace');
  });

  test.each<FixTarget>([
    { workflow: 'cleanup' },
    { workflow: 'cleanup', deleteArchivedToo: true },
    { workflow: 'merge', finding: 'near-duplicates', group: 'a&b\nc' },
    { workflow: 'remap', dataSource: 'ds-1', column: 'Profit %' },
    { workflow: 'handover', from: 42 },
    { workflow: 'replace', ids: [3, 1, 2] },
    { workflow: 'hidden-names' },
    { workflow: 'hidden-names', group: 'U+202E' },
    { workflow: 'hidden-names', ids: [7] },
  ])('reads back as it was written: %o', (target) => {
    expect(readLink(fixLink(target))).toEqual(target);
  });

  test('of a find and replace reads back as the table’s view', () => {
    const target = readLink(
      fixLink({ workflow: 'replace', view: { name: 'x', showVariables: true } }),
    );
    expect(target).toEqual({
      workflow: 'replace',
      view: { ...defaultTableView, name: 'x', showVariables: true },
    });
  });

  test.each([
    ['/fix?workflow=explode', /names no fix/],
    ['/fix?workflow=merge&finding=exact-duplicates', /needs a duplicates finding/],
    ['/fix?workflow=merge&finding=invalid&group=1', /needs a duplicates finding/],
    ['/fix?workflow=remap&dataSource=ds-1', /needs a data source and a column/],
    ['/fix?workflow=handover&from=ada', /needs the id of the owner/],
    ['/fix?workflow=replace&ids=1,x', /needs 1 to 1000 field ids/],
    ['/fix?workflow=replace&ids=', /needs 1 to 1000 field ids/],
    [
      `/fix?workflow=replace&ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`,
      /needs 1 to 1000/,
    ],
    [
      '/fix?workflow=hidden-names&ids=0',
      /Removing hidden characters from chosen fields needs 1 to 1000/,
    ],
  ])('%s is refused', (link, reason) => {
    expect(readLink(link)).toEqual({ refused: expect.stringMatching(reason) });
  });
});

describe('the fix a finding’s group offers', () => {
  test('a missing column of a data source: its remap', () => {
    const key = brokenReferenceGroupKey('DATA_SOURCE', 'ds-1', 'Profit');
    expect(groupFix('broken-references', key)).toEqual({
      workflow: 'remap',
      dataSource: 'ds-1',
      column: 'Profit',
    });
  });

  test('a duplicate group: its merge; an inactive owner: the hand-over of their fields', () => {
    expect(groupFix('exact-duplicates', '4')).toEqual({
      workflow: 'merge',
      finding: 'exact-duplicates',
      group: '4',
    });
    expect(groupFix('near-duplicates', '9')).toMatchObject({ workflow: 'merge', group: '9' });
    expect(groupFix('inactive-owners', '8091990')).toEqual({ workflow: 'handover', from: 8091990 });
  });

  test('a group of names hiding a character: removing the hidden characters', () => {
    expect(groupFix('hidden-name-characters', 'U+200B')).toEqual({
      workflow: 'hidden-names',
      group: 'U+200B',
    });
  });

  test('look-alikes: none, since removing their characters would copy another name', () => {
    expect(groupFix('hidden-name-characters', LOOK_ALIKE_GROUP)).toBeUndefined();
  });

  test('a card’s missing column, a missing name not known, and other findings: none', () => {
    expect(groupFix('broken-references', brokenReferenceGroupKey('CARD', 'dr:1:1', 'X'))).toBe(
      undefined,
    );
    expect(groupFix('broken-references', brokenReferenceGroupKey('DATA_SOURCE', 'ds-1'))).toBe(
      undefined,
    );
    expect(groupFix('invalid', 'unclosed single quote')).toBeUndefined();
    expect(groupFix('nested', '1')).toBeUndefined();
  });
});
