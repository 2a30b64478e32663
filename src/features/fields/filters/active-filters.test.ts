import { expect, test } from 'vitest';
import { noFilters } from '../../../components/fields-links/table-address';
import type { FieldFilters } from '../../../components/fields-links/table-address';
import { activeFilters } from './active-filters';

test('each filter that differs from the defaults is a chip that removes only itself', () => {
  const filters: FieldFilters = {
    ...noFilters,
    locked: true,
    archived: false,
    invalidOnly: true,
    brokenLinksOnly: true,
    showVariables: true,
    onDataSource: false,
    inVisualization: true,
    owners: [7, 8],
    dataSources: ['ds-1'],
    statuses: ['VALID', 'INVALID'],
  };
  const chips = activeFilters(filters);
  expect(chips.map((chip) => chip.label)).toEqual([
    'Locked',
    'Not archived',
    'Invalid status',
    'Broken links',
    'Variables shown',
    'Saved on a card',
    'In a visualization',
    'Owner 7',
    'Owner 8',
    'Data source ds-1',
    'Status VALID',
    'Status INVALID',
  ]);
  const without = (label: string) => chips.find((chip) => chip.label === label)!.without;
  expect(without('Locked')).toEqual({ locked: null });
  expect(without('Not archived')).toEqual({ archived: null });
  expect(without('Invalid status')).toEqual({ invalidOnly: false });
  expect(without('Broken links')).toEqual({ brokenLinksOnly: false });
  expect(without('Variables shown')).toEqual({ showVariables: false });
  expect(without('Saved on a card')).toEqual({ onDataSource: null });
  expect(without('In a visualization')).toEqual({ inVisualization: null });
  expect(without('Owner 7')).toEqual({ owners: [8] });
  expect(without('Data source ds-1')).toEqual({ dataSources: [] });
  expect(without('Status VALID')).toEqual({ statuses: ['INVALID'] });
  expect(new Set(chips.map((chip) => chip.key)).size).toBe(chips.length);
});

test('the other side of each choice has its own words', () => {
  expect(
    activeFilters({
      ...noFilters,
      locked: false,
      archived: true,
      onDataSource: true,
      inVisualization: false,
    }).map((chip) => chip.label),
  ).toEqual(['Unlocked', 'Archived', 'On a data source', 'Not in a visualization']);
});

test('no filters, no chips', () => {
  expect(activeFilters(noFilters)).toEqual([]);
});
