import { fieldKeys } from '../calculated-fields/field-keys';

/**
 * Under the fields' keys on purpose: a lock or any other change that invalidates
 * `fieldKeys.all` also brings the audit's answers up to date.
 */
export const auditKeys = {
  all: [...fieldKeys.all, 'audit'] as const,
  status: () => [...auditKeys.all, 'status'] as const,
  findings: () => [...auditKeys.all, 'findings'] as const,
  groups: (key: string) => [...auditKeys.all, 'groups', key] as const,
  trend: () => [...auditKeys.all, 'trend'] as const,
  functions: (name: string) => [...auditKeys.all, 'functions', name] as const,
  scans: () => [...auditKeys.all, 'scans'] as const,
  /** With the audit's version in it: a scan or a change through the server asks again. */
  fieldFindings: (fieldId: number, version: number) =>
    [...auditKeys.all, 'field-findings', fieldId, version] as const,
  diff: (from: number, to: number) => [...auditKeys.all, 'diff', from, to] as const,
  changes: (from: number, to: number, kind: string, offset: number) =>
    [...auditKeys.all, 'changes', from, to, kind, offset] as const,
};

const versioned = new Set<unknown>(['findings', 'groups', 'trend', 'scans', 'functions']);

/** Whether an audit query's answer changes with the audit's version (a diff of two scans never does). */
export function changesWithVersion(queryKey: readonly unknown[]): boolean {
  return versioned.has(queryKey[auditKeys.all.length]);
}
