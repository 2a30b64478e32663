import type { FieldFilters } from '../../../links/table-address';
import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import { noDirectory } from '../../../api/directory/lookup-directory';

/** One filter that differs from the defaults, as a chip shows it. */
export interface ActiveFilter {
  key: string;
  label: string;
  /** The change that removes this filter alone. */
  without: Partial<FieldFilters>;
}

/** Flags with three states: the chip's words when the flag is wanted, and when it is not. */
const choiceWords = {
  active: ['Active link', 'No active link'],
  aggregated: ['Aggregates', 'Does not aggregate'],
  global: ['Global', 'Not global'],
  hidden: ['Hidden', 'Not hidden'],
  nested: ['Used by other fields', 'Used by no other field'],
} as const satisfies Partial<Record<keyof FieldFilters, readonly [string, string]>>;

/** `names` gives owners, data sources and cards their names where the directory knows them. */
export function activeFilters(
  filters: FieldFilters,
  names: DirectoryNames = noDirectory,
): ActiveFilter[] {
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
  for (const [key, [yes, no]] of Object.entries(choiceWords)) {
    const flag = key as keyof typeof choiceWords;
    const value = filters[flag];
    if (value !== null) add(flag, value ? yes : no, { [flag]: null });
  }
  for (const owner of filters.owners) {
    add(`owner:${owner}`, `Owner ${names.owners.get(owner)?.name ?? owner}`, {
      owners: filters.owners.filter((other) => other !== owner),
    });
  }
  for (const dataSource of filters.dataSources) {
    const name = names.dataSources.get(dataSource)?.name ?? dataSource;
    add(`dataSource:${dataSource}`, `Data source ${name}`, {
      dataSources: filters.dataSources.filter((other) => other !== dataSource),
    });
  }
  for (const card of filters.cards) {
    add(`card:${card}`, `Card ${names.cards.get(card)?.title ?? card}`, {
      cards: filters.cards.filter((other) => other !== card),
    });
  }
  for (const status of filters.statuses) {
    add(`status:${status}`, `Status ${status}`, {
      statuses: filters.statuses.filter((other) => other !== status),
    });
  }
  for (const name of filters.functions) {
    add(`function:${name}`, `Function ${name}`, {
      functions: filters.functions.filter((other) => other !== name),
    });
  }
  return active;
}
