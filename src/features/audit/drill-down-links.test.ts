import { describe, expect, test } from 'vitest';
import { statisticDefinitions, statisticNames } from '../../contract/statistics';
import { readTableView } from '../../components/fields-links/table-address';
import { toSearchRequest } from '../../components/fields-links/table-search';
import { readFindingScope } from '../../components/fields-links/finding-address';
import {
  dataSourceBrokenLinksLink,
  findingLink,
  lockedLinks,
  ownerProblemLink,
  statisticLink,
  statusLinks,
} from './drill-down-links';

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

describe('links from the chart segments', () => {
  test('locked and unlocked', () => {
    expect(searchFiltersOf(lockedLinks.locked)).toEqual([{ field: 'locked' }]);
    expect(searchFiltersOf(lockedLinks.unlocked)).toEqual([{ field: 'notlocked' }]);
  });

  test('valid and invalid', () => {
    expect(searchFiltersOf(statusLinks.valid)).toEqual([{ field: 'status', idList: ['VALID'] }]);
    expect(searchFiltersOf(statusLinks.invalid)).toEqual([{ field: 'invalid' }]);
  });

  test('an owner’s invalid fields, or those with broken links', () => {
    expect(searchFiltersOf(ownerProblemLink(55050301, 'invalid'))).toEqual([
      { field: 'invalid' },
      { field: 'owner', idList: [55050301] },
    ]);
    expect(searchFiltersOf(ownerProblemLink(55050301, 'brokenLinks'))).toEqual([
      { field: 'invalidlink' },
      { field: 'owner', idList: [55050301] },
    ]);
  });

  test('a data source’s fields with broken links', () => {
    const dataSource = '02ba1274-bb49-4070-803f-16d60805d353';
    expect(dataSourceBrokenLinksLink(dataSource)).toBe(
      `/fields?brokenLinks=true&variables=shown&dataSource=${dataSource}`,
    );
    expect(searchFiltersOf(dataSourceBrokenLinksLink(dataSource))).toEqual([
      { field: 'invalidlink' },
      { field: 'dataset', idList: [dataSource] },
    ]);
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
});
