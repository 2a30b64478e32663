import { describe, expect, test } from 'vitest';
import {
  activeFilters,
  noFilters,
  readFilters,
  toSearchFilters,
  writeFilters,
} from './field-filters';
import type { FieldFilters } from './field-filters';

function urlOf(filters: FieldFilters): string {
  const search = new URLSearchParams();
  writeFilters(filters, search);
  return search.toString();
}

describe('the filters that match the statistics', () => {
  test.each([
    [{ onDataSource: true }, 'onDataSource=true', [{ field: 'ondataset' }]],
    [{ onDataSource: false }, 'onDataSource=false', [{ field: 'notondataset' }]],
    [{ inVisualization: true }, 'inVisualization=true', [{ field: 'invisualization' }]],
    [{ inVisualization: false }, 'inVisualization=false', [{ field: 'notinvisualization' }]],
    [{ statuses: ['VALID'] }, 'status=VALID', [{ field: 'status', idList: ['VALID'] }]],
  ])('%o is %s in the URL and %o for the API', (part, url, apiFilters) => {
    const filters: FieldFilters = { ...noFilters, showVariables: true, ...part };
    expect(urlOf(filters)).toBe(`variables=shown&${url}`);
    expect(readFilters(new URLSearchParams(urlOf(filters)))).toEqual(filters);
    expect(toSearchFilters(filters)).toEqual(apiFilters);
  });

  test('a value that is neither true nor false means either', () => {
    const filters = readFilters(new URLSearchParams('onDataSource=yes&inVisualization=&status='));
    expect(filters).toEqual(readFilters(new URLSearchParams()));
    expect(filters.onDataSource).toBeUndefined();
    expect(filters.inVisualization).toBeUndefined();
    expect(filters.statuses).toEqual([]);
  });

  test('each shows as a chip that removes only itself', () => {
    const filters: FieldFilters = {
      ...noFilters,
      locked: true,
      onDataSource: false,
      inVisualization: true,
      statuses: ['VALID', 'INVALID'],
    };
    const chips = activeFilters(filters);
    expect(chips.map((chip) => chip.label)).toEqual([
      'Locked',
      'Saved on a card',
      'In a visualization',
      'Status VALID',
      'Status INVALID',
    ]);
    const byLabel = (label: string) => chips.find((chip) => chip.label === label)!.without;
    expect(byLabel('Saved on a card')).toEqual({ ...filters, onDataSource: undefined });
    expect(byLabel('In a visualization')).toEqual({ ...filters, inVisualization: undefined });
    expect(byLabel('Status VALID')).toEqual({ ...filters, statuses: ['INVALID'] });
    expect(activeFilters({ ...noFilters, onDataSource: true, inVisualization: false })).toEqual([
      expect.objectContaining({ label: 'On a data source' }),
      expect.objectContaining({ label: 'Not in a visualization' }),
    ]);
  });
});
