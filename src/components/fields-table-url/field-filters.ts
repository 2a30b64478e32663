import type { SearchFilter } from '../../contract/search';

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
  owners: number[];
  dataSources: string[];
}

export const noFilters: FieldFilters = {
  invalidOnly: false,
  brokenLinksOnly: false,
  showVariables: false,
  owners: [],
  dataSources: [],
};

const param = {
  locked: 'locked',
  archived: 'archived',
  invalidOnly: 'invalid',
  brokenLinksOnly: 'brokenLinks',
  showVariables: 'variables',
  owner: 'owner',
  dataSource: 'dataSource',
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
    owners: search.getAll(param.owner).filter(isOwnerId).map(Number),
    dataSources: search.getAll(param.dataSource).filter((id) => id !== ''),
  };
}

/** Adds the filters that differ from `noFilters` to `search`. */
export function writeFilters(filters: FieldFilters, search: URLSearchParams): void {
  if (filters.locked !== undefined) search.set(param.locked, String(filters.locked));
  if (filters.archived !== undefined) search.set(param.archived, String(filters.archived));
  if (filters.invalidOnly) search.set(param.invalidOnly, 'true');
  if (filters.brokenLinksOnly) search.set(param.brokenLinksOnly, 'true');
  if (filters.showVariables) search.set(param.showVariables, 'shown');
  for (const owner of filters.owners) search.append(param.owner, String(owner));
  for (const dataSource of filters.dataSources) search.append(param.dataSource, dataSource);
}

export function toSearchFilters(filters: FieldFilters): SearchFilter[] {
  const search: SearchFilter[] = [];
  if (filters.locked !== undefined) search.push({ field: filters.locked ? 'locked' : 'notlocked' });
  if (filters.archived !== undefined) {
    search.push({ field: filters.archived ? 'archived' : 'notarchived' });
  }
  if (filters.invalidOnly) search.push({ field: 'invalid' });
  if (filters.brokenLinksOnly) search.push({ field: 'invalidlink' });
  if (!filters.showVariables) search.push({ field: 'notvariable' });
  if (filters.owners.length > 0) search.push({ field: 'owner', idList: filters.owners });
  if (filters.dataSources.length > 0) {
    search.push({ field: 'dataset', idList: filters.dataSources });
  }
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
  return active;
}
