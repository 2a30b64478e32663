import { describe, expect, test } from 'vitest';
import { searchItem } from '../../../api/test-support/mock-api';
import type { Link } from '../../../contract/field';
import { checkReference, needsNameSearch, referenceKind } from './check-references';
import type { CheckedSource } from './link-sources';

const on = (id: string): Link => ({
  resource: { type: 'DATA_SOURCE', id },
  visible: true,
  active: true,
  valid: 'VALID',
});
const sales: CheckedSource = { id: 'sales', columns: new Set(['Revenue', 'Cost']) };
const tickets: CheckedSource = { id: 'tickets', columns: new Set(['Amount']) };
const unlisted: CheckedSource = { id: 'unlisted' };
const margin = searchItem(20, { name: 'Margin', links: [on('sales')] });

const kindOf = (
  name: string,
  sources: CheckedSource[],
  named: Parameters<typeof checkReference>[2],
) => referenceKind(checkReference(name, sources, named), sources.length);

describe('checkReference', () => {
  test('a column of every data source is a column, and needs no search', () => {
    expect(needsNameSearch('Revenue', [sales])).toBe(false);
    expect(kindOf('Revenue', [sales], undefined)).toBe('column');
  });

  test('a calculated field of that name on the data source is a field', () => {
    const check = checkReference('Margin', [sales], { fields: [margin], complete: true });
    expect(check.fields).toEqual([margin]);
    expect(referenceKind(check, 1)).toBe('field');
  });

  test('a field of that name on another data source does not count', () => {
    const elsewhere = searchItem(21, { name: 'Margin', links: [on('tickets')] });
    const check = checkReference('Margin', [sales], { fields: [elsewhere], complete: true });
    expect(check).toMatchObject({ fields: [], missingFrom: ['sales'] });
    expect(referenceKind(check, 1)).toBe('missing');
  });

  test('missing from one data source and a column of another: missing, naming where', () => {
    const check = checkReference('Revenue', [sales, tickets], { fields: [], complete: true });
    expect(check).toMatchObject({ columnOf: ['sales'], missingFrom: ['tickets'] });
    expect(referenceKind(check, 2)).toBe('missing');
  });

  test('without column lists it cannot tell a column from a missing name', () => {
    const check = checkReference('Revenue', [unlisted], { fields: [], complete: true });
    expect(check).toMatchObject({ uncheckedOn: ['unlisted'], missingFrom: [] });
    expect(referenceKind(check, 1)).toBe('unchecked');
  });

  test('while the search runs it is being checked; a failed search leaves it unchecked', () => {
    expect(kindOf('Margin', [sales], undefined)).toBe('searching');
    const failed = checkReference('Margin', [sales], 'failed');
    expect(failed).toMatchObject({ uncheckedOn: ['sales'], incomplete: true, missingFrom: [] });
  });

  test('a field linked to no data source has nothing to check against', () => {
    expect(kindOf('Revenue', [], undefined)).toBe('unlinked');
  });

  test('says when the search stopped before seeing every field of that name', () => {
    expect(
      checkReference('Margin', [sales], { fields: [margin], complete: false }).incomplete,
    ).toBe(true);
  });
});
