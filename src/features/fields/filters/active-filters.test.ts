import { expect, test } from 'vitest';
import { noFilters } from '../../../links/table-address';
import type { FieldFilters } from '../../../links/table-address';
import type { DirectoryNames } from '../../../api/directory/lookup-directory';
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

test('the filters of where a field is used and what its expression does are chips too', () => {
  const filters: FieldFilters = {
    ...noFilters,
    active: false,
    aggregated: true,
    global: false,
    hidden: true,
    nested: false,
    cards: ['dr:1:2'],
    functions: ['SUM', 'DATEDIFF'],
  };
  const chips = activeFilters(filters);
  expect(chips.map((chip) => chip.label)).toEqual([
    'No active link',
    'Aggregates',
    'Not global',
    'Hidden',
    'Used by no other field',
    'Card dr:1:2',
    'Function SUM',
    'Function DATEDIFF',
  ]);
  const without = (label: string) => chips.find((chip) => chip.label === label)!.without;
  expect(without('No active link')).toEqual({ active: null });
  expect(without('Hidden')).toEqual({ hidden: null });
  expect(without('Card dr:1:2')).toEqual({ cards: [] });
  expect(without('Function SUM')).toEqual({ functions: ['DATEDIFF'] });
  expect(
    activeFilters({ ...noFilters, active: true, nested: true, aggregated: false }).map(
      (chip) => chip.label,
    ),
  ).toEqual(['Active link', 'Does not aggregate', 'Used by other fields']);
});

test('owners, data sources and cards are named where the directory knows them', () => {
  const names: DirectoryNames = {
    available: true,
    owners: new Map([[7, { id: 7, name: 'Ada Lovelace' }]]),
    dataSources: new Map([['ds-1', { id: 'ds-1', name: 'Sales Orders', columns: [] }]]),
    cards: new Map([
      ['dr:1:2', { id: 'dr:1:2', title: 'Revenue by Region', dataSourceId: 'ds-1' }],
    ]),
  };
  const filters = {
    ...noFilters,
    owners: [7, 8],
    dataSources: ['ds-1'],
    cards: ['dr:1:2'],
  };
  expect(activeFilters(filters, names).map((chip) => chip.label)).toEqual([
    'Owner Ada Lovelace',
    'Owner 8',
    'Data source Sales Orders',
    'Card Revenue by Region',
  ]);
});
