import type { Statistics } from '../../contract/statistics';
import type { FieldFilters } from '../../links/table-address';
import { fieldsTableLink } from '../../links/table-link';
import { withFindingScope } from '../../links/finding-address';
import type { FindingKey } from '../../contract/audit';

/**
 * The fields table filtered to `filters`. Variables are always shown, because the
 * audit counts every field: the table's "N matching" then equals the number clicked.
 */
function filteredTableLink(filters: Partial<FieldFilters>): string {
  return fieldsTableLink({ ...filters, showVariables: true });
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
  return filteredTableLink(statisticTableFilters[statistic]);
}

/** The fields table listing exactly a finding's fields (or one group's), narrowed by `filters`. */
export function findingLink(
  key: FindingKey,
  group?: { key: string; label: string },
  filters: Partial<FieldFilters> = {},
): string {
  return withFindingScope(filteredTableLink(filters), {
    finding: key,
    ...(group ? { group: group.key, groupLabel: group.label } : {}),
  });
}
