import { describe, expect, test } from 'vitest';
import { checkReference, referenceKind } from './check-references';
import type { CheckedSource } from './link-sources';

const sales: CheckedSource = { id: 'sales', columns: new Set(['Revenue', 'Cost']) };
const tickets: CheckedSource = { id: 'tickets', columns: new Set(['Amount']) };
const unlisted: CheckedSource = { id: 'unlisted' };

const kindOf = (name: string, sources: CheckedSource[]) =>
  referenceKind(checkReference(name, sources), sources.length);

describe('checkReference', () => {
  test('a column of every data source is a column', () => {
    expect(kindOf('Revenue', [sales])).toBe('column');
  });

  test('a name that is no column is missing, even when a field has that name', () => {
    expect(checkReference('Margin', [sales])).toMatchObject({ missingFrom: ['sales'] });
    expect(kindOf('Margin', [sales])).toBe('missing');
  });

  test('missing from one data source and a column of another: missing, naming where', () => {
    const check = checkReference('Revenue', [sales, tickets]);
    expect(check).toMatchObject({ columnOf: ['sales'], missingFrom: ['tickets'] });
    expect(referenceKind(check, 2)).toBe('missing');
  });

  test('without column lists it cannot tell a column from a missing name', () => {
    const check = checkReference('Revenue', [unlisted]);
    expect(check).toMatchObject({ uncheckedOn: ['unlisted'], missingFrom: [] });
    expect(referenceKind(check, 1)).toBe('unchecked');
  });

  test('a field linked to no data source has nothing to check against', () => {
    expect(kindOf('Revenue', [])).toBe('unlinked');
  });
});
