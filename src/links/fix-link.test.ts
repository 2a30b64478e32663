import { expect, test } from 'vitest';
import { fixLink } from './fix-link';

test('a fix link names the workflow and what it acts on, escaped', () => {
  expect(fixLink({ workflow: 'cleanup' })).toBe('/fix?workflow=cleanup');
  expect(fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: 'a&b' })).toBe(
    '/fix?workflow=merge&finding=exact-duplicates&group=a%26b',
  );
  expect(fixLink({ workflow: 'remap', dataSource: 'ds-1', column: 'Profit %' })).toBe(
    '/fix?workflow=remap&dataSource=ds-1&column=Profit+%25',
  );
});
