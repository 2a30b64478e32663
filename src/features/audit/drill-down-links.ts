import type { Statistics } from '../../contract/statistics';
import type { FieldFilters } from '../../links/table-address';
import { auditTableLink } from '../../links/finding-link';

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
  return auditTableLink(statisticTableFilters[statistic]);
}
