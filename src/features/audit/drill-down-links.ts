import type { Statistics } from '../../contract/statistics';
import { noFilters } from '../../components/fields-table-url/field-filters';
import type { FieldFilters } from '../../components/fields-table-url/field-filters';
import {
  defaultTableParams,
  writeTableParams,
} from '../../components/fields-table-url/table-params';
import { VALID } from '../../contract/field';

/**
 * The fields table filtered to `filters`. Variables are always shown, because the
 * audit counts every field: the table's "N matching" then equals the number clicked.
 */
export function fieldsTableLink(filters: Partial<FieldFilters>): string {
  const search = writeTableParams({
    ...defaultTableParams,
    filters: { ...noFilters, showVariables: true, ...filters },
  });
  return `/fields?${search.toString()}`;
}

/** The table filters that find the fields each statistic counts. */
export const statisticTableFilters: Record<keyof Statistics, Partial<FieldFilters>> = {
  total: {},
  locked: { locked: true },
  invalid: { invalidOnly: true },
  invalidLink: { brokenLinksOnly: true },
  archived: { archived: true },
  onDatasets: { onDataSource: true },
  onCards: { onDataSource: false },
  inVisualizations: { inVisualization: true },
};

export function statisticLink(statistic: keyof Statistics): string {
  return fieldsTableLink(statisticTableFilters[statistic]);
}

export const lockedLinks = {
  locked: fieldsTableLink({ locked: true }),
  unlocked: fieldsTableLink({ locked: false }),
};

export const statusLinks = {
  valid: fieldsTableLink({ statuses: [VALID] }),
  invalid: fieldsTableLink({ invalidOnly: true }),
};

export type OwnerProblem = 'invalid' | 'brokenLinks';

export function ownerProblemLink(owner: number, problem: OwnerProblem): string {
  return fieldsTableLink(
    problem === 'invalid'
      ? { owners: [owner], invalidOnly: true }
      : { owners: [owner], brokenLinksOnly: true },
  );
}

export function dataSourceBrokenLinksLink(dataSource: string): string {
  return fieldsTableLink({ dataSources: [dataSource], brokenLinksOnly: true });
}

/** Months have no filter in the API; the table sorted by last change is the closest view. */
export const recentlyModifiedLink = `/fields?${writeTableParams({
  ...defaultTableParams,
  sort: { column: 'lastModified', descending: true },
  filters: { ...noFilters, showVariables: true },
}).toString()}`;
