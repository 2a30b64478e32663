import { describe, expect, test } from 'vitest';
import { statisticDefinitions, statisticNames } from '../../contract/statistic-definitions';
import { readTableView } from '../../links/table-address';
import { toSearchRequest } from '../../links/table-search';
import { readFindingScope } from '../../links/finding-address';
import { findingLink } from '../../links/finding-link';
import { statisticLink } from './drill-down-links';

/** The API filters the table sends for a link. */
function searchFiltersOf(link: string) {
  const url = new URL(link, 'http://localhost');
  expect(url.pathname).toBe('/fields');
  return toSearchRequest(readTableView(url.searchParams)).filters;
}

describe('links from the numbers into the table', () => {
  test.each(statisticNames)(
    '%s: the table searches exactly what the number counts',
    (statistic) => {
      expect(searchFiltersOf(statisticLink(statistic))).toEqual(
        statisticDefinitions[statistic].filters,
      );
    },
  );

  test('are short, readable addresses with variables shown', () => {
    expect(statisticLink('total')).toBe('/fields?variables=shown');
    expect(statisticLink('locked')).toBe('/fields?locked=true&variables=shown');
    expect(statisticLink('invalid')).toBe('/fields?invalid=true&variables=shown');
    expect(statisticLink('invalidLink')).toBe('/fields?brokenLinks=true&variables=shown');
    expect(statisticLink('archived')).toBe('/fields?archived=true&variables=shown');
    expect(statisticLink('onDatasets')).toBe('/fields?variables=shown&onDataSource=true');
    expect(statisticLink('onCards')).toBe('/fields?variables=shown&onDataSource=false');
    expect(statisticLink('inVisualizations')).toBe('/fields?variables=shown&inVisualization=true');
  });
});

describe('links from the findings into the table', () => {
  test('a finding, or one of its groups, with variables shown so that the table counts all of it', () => {
    const link = new URL(findingLink('unused'), 'http://localhost');
    expect(searchFiltersOf(link.href)).toEqual([]);
    expect(readFindingScope(link.searchParams)).toMatchObject({ finding: 'unused', group: null });

    const group = { key: 'DATA_SOURCE ds-1\nProfit', label: '`Profit` missing from Sales' };
    const grouped = new URL(findingLink('broken-references', group), 'http://localhost');
    expect(searchFiltersOf(grouped.href)).toEqual([]);
    expect(readFindingScope(grouped.searchParams)).toMatchObject({
      finding: 'broken-references',
      group: group.key,
      groupLabel: group.label,
    });
  });

  test('an owner’s or a data source’s fields of a finding (the problem tables)', () => {
    const owner = new URL(findingLink('invalid', undefined, { owners: [55050301] }), 'http://l');
    expect(searchFiltersOf(owner.href)).toEqual([{ field: 'owner', idList: [55050301] }]);
    expect(readFindingScope(owner.searchParams)).toMatchObject({ finding: 'invalid' });

    const dataSource = '02ba1274-bb49-4070-803f-16d60805d353';
    const link = findingLink('broken-references', undefined, { dataSources: [dataSource] });
    expect(link).toBe(`/fields?variables=shown&dataSource=${dataSource}&finding=broken-references`);
    expect(searchFiltersOf(link)).toEqual([{ field: 'dataset', idList: [dataSource] }]);
  });
});
