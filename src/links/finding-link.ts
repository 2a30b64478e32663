import type { FindingKey } from '../contract/finding-kinds';
import type { FieldFilters } from './table-address';
import { fieldsTableLink } from './table-link';
import { withFindingScope } from './finding-address';

/**
 * The fields table filtered to `filters`, as the audit's numbers open it. Variables are
 * always shown, because the audit counts every field: the table's "N matching" then
 * equals the number clicked.
 */
export function auditTableLink(filters: Partial<FieldFilters>): string {
  return fieldsTableLink({ ...filters, showVariables: true });
}

/**
 * The fields table listing exactly a finding's fields (or one group's), narrowed by
 * `filters`: from the audit page, and from the table's built-in views of a finding.
 */
export function findingLink(
  key: FindingKey,
  group?: { key: string; label: string },
  filters: Partial<FieldFilters> = {},
): string {
  return withFindingScope(auditTableLink(filters), {
    finding: key,
    ...(group ? { group: group.key, groupLabel: group.label } : {}),
  });
}
