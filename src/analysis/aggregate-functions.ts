/** Function names that make an expression aggregated (contract section 6). */
export const AGGREGATE_FUNCTIONS: ReadonlySet<string> = new Set([
  'SUM',
  'AVG',
  'COUNT',
  'MIN',
  'MAX',
  'STDDEV_POP',
  'VAR_POP',
  'APPROXIMATE_COUNT_DISTINCT',
]);
