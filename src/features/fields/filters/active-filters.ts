import type { FieldFilters } from '../../../components/fields-links/table-address';

/** One filter that differs from the defaults, as a chip shows it. */
export interface ActiveFilter {
  key: string;
  label: string;
  /** The change that removes this filter alone. */
  without: Partial<FieldFilters>;
}

export function activeFilters(filters: FieldFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  const add = (key: string, label: string, without: Partial<FieldFilters>) =>
    active.push({ key, label, without });

  if (filters.locked !== null) {
    add('locked', filters.locked ? 'Locked' : 'Unlocked', { locked: null });
  }
  if (filters.archived !== null) {
    add('archived', filters.archived ? 'Archived' : 'Not archived', { archived: null });
  }
  if (filters.invalidOnly) add('invalid', 'Invalid status', { invalidOnly: false });
  if (filters.brokenLinksOnly) add('brokenLinks', 'Broken links', { brokenLinksOnly: false });
  if (filters.showVariables) add('variables', 'Variables shown', { showVariables: false });
  if (filters.onDataSource !== null) {
    add('onDataSource', filters.onDataSource ? 'On a data source' : 'Saved on a card', {
      onDataSource: null,
    });
  }
  if (filters.inVisualization !== null) {
    add(
      'inVisualization',
      filters.inVisualization ? 'In a visualization' : 'Not in a visualization',
      { inVisualization: null },
    );
  }
  for (const owner of filters.owners) {
    add(`owner:${owner}`, `Owner ${owner}`, {
      owners: filters.owners.filter((other) => other !== owner),
    });
  }
  for (const dataSource of filters.dataSources) {
    add(`dataSource:${dataSource}`, `Data source ${dataSource}`, {
      dataSources: filters.dataSources.filter((other) => other !== dataSource),
    });
  }
  for (const status of filters.statuses) {
    add(`status:${status}`, `Status ${status}`, {
      statuses: filters.statuses.filter((other) => other !== status),
    });
  }
  return active;
}
