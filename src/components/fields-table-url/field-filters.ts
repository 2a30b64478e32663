import type { FlagFilter, SearchFilter } from '../../contract/search';

/** The filters auditors ask for; each maps to one of the API's filters. */
export interface FieldFilters {
  /** undefined: locked or not. */
  locked?: boolean;
  /** undefined: archived or not. */
  archived?: boolean;
  invalidOnly: boolean;
  brokenLinksOnly: boolean;
  /** Variables are hidden unless asked for (the API's `notvariable`). */
  showVariables: boolean;
  /**
   * true: with a visible data-source link (the API's `ondataset`); false: without one,
   * saved on a card (`notondataset`); undefined: either. Matches the statistics' onDatasets and onCards.
   */
  onDataSource?: boolean;
  /** true: with an active card link (`invisualization`); false: without; undefined: either. */
  inVisualization?: boolean;
  owners: number[];
  dataSources: string[];
  /** Exact statuses such as VALID (the API's `status` list). */
  statuses: string[];
}

export const noFilters: FieldFilters = {
  invalidOnly: false,
  brokenLinksOnly: false,
  showVariables: false,
  owners: [],
  dataSources: [],
  statuses: [],
};

const param = {
  locked: 'locked',
  archived: 'archived',
  invalidOnly: 'invalid',
  brokenLinksOnly: 'brokenLinks',
  showVariables: 'variables',
  onDataSource: 'onDataSource',
  inVisualization: 'inVisualization',
  owner: 'owner',
  dataSource: 'dataSource',
  status: 'status',
} as const;

function readChoice(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

export function isOwnerId(text: string): boolean {
  return /^\d{1,15}$/.test(text);
}

export function readFilters(search: URLSearchParams): FieldFilters {
  return {
    locked: readChoice(search.get(param.locked)),
    archived: readChoice(search.get(param.archived)),
    invalidOnly: search.get(param.invalidOnly) === 'true',
    brokenLinksOnly: search.get(param.brokenLinksOnly) === 'true',
    showVariables: search.get(param.showVariables) === 'shown',
    onDataSource: readChoice(search.get(param.onDataSource)),
    inVisualization: readChoice(search.get(param.inVisualization)),
    owners: search.getAll(param.owner).filter(isOwnerId).map(Number),
    dataSources: search.getAll(param.dataSource).filter((id) => id !== ''),
    statuses: search.getAll(param.status).filter((status) => status !== ''),
  };
}

/** Adds the filters that differ from `noFilters` to `search`. */
export function writeFilters(filters: FieldFilters, search: URLSearchParams): void {
  const writeChoice = (key: string, value: boolean | undefined) => {
    if (value !== undefined) search.set(key, String(value));
  };
  writeChoice(param.locked, filters.locked);
  writeChoice(param.archived, filters.archived);
  if (filters.invalidOnly) search.set(param.invalidOnly, 'true');
  if (filters.brokenLinksOnly) search.set(param.brokenLinksOnly, 'true');
  if (filters.showVariables) search.set(param.showVariables, 'shown');
  writeChoice(param.onDataSource, filters.onDataSource);
  writeChoice(param.inVisualization, filters.inVisualization);
  for (const owner of filters.owners) search.append(param.owner, String(owner));
  for (const dataSource of filters.dataSources) search.append(param.dataSource, dataSource);
  for (const status of filters.statuses) search.append(param.status, status);
}

/** `{field: flag}` when the choice is true, `{field: not<flag>}` when false, nothing when undefined. */
function choiceFilter(flag: FlagFilter, value: boolean | undefined): SearchFilter[] {
  if (value === undefined) return [];
  return [{ field: value ? flag : `not${flag}` }];
}

export function toSearchFilters(filters: FieldFilters): SearchFilter[] {
  const search: SearchFilter[] = [
    ...choiceFilter('locked', filters.locked),
    ...choiceFilter('archived', filters.archived),
  ];
  if (filters.invalidOnly) search.push({ field: 'invalid' });
  if (filters.brokenLinksOnly) search.push({ field: 'invalidlink' });
  if (!filters.showVariables) search.push({ field: 'notvariable' });
  search.push(...choiceFilter('ondataset', filters.onDataSource));
  search.push(...choiceFilter('invisualization', filters.inVisualization));
  if (filters.owners.length > 0) search.push({ field: 'owner', idList: filters.owners });
  if (filters.dataSources.length > 0) {
    search.push({ field: 'dataset', idList: filters.dataSources });
  }
  if (filters.statuses.length > 0) search.push({ field: 'status', idList: filters.statuses });
  return search;
}

/** One filter that differs from the defaults, as a chip shows it. */
export interface ActiveFilter {
  key: string;
  label: string;
  /** The filters with this one removed. */
  without: FieldFilters;
}

export function activeFilters(filters: FieldFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  const add = (key: string, label: string, without: Partial<FieldFilters>) =>
    active.push({ key, label, without: { ...filters, ...without } });

  if (filters.locked !== undefined) {
    add('locked', filters.locked ? 'Locked' : 'Unlocked', { locked: undefined });
  }
  if (filters.archived !== undefined) {
    add('archived', filters.archived ? 'Archived' : 'Not archived', { archived: undefined });
  }
  if (filters.invalidOnly) add('invalid', 'Invalid status', { invalidOnly: false });
  if (filters.brokenLinksOnly) add('brokenLinks', 'Broken links', { brokenLinksOnly: false });
  if (filters.showVariables) add('variables', 'Variables shown', { showVariables: false });
  if (filters.onDataSource !== undefined) {
    add('onDataSource', filters.onDataSource ? 'On a data source' : 'Saved on a card', {
      onDataSource: undefined,
    });
  }
  if (filters.inVisualization !== undefined) {
    add(
      'inVisualization',
      filters.inVisualization ? 'In a visualization' : 'Not in a visualization',
      { inVisualization: undefined },
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
