import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditStatus } from '../../contract/audit';
import { AUDIT_BASE } from '../../contract/audit-paths';
import { requestJson } from '../http-client';
import { auditSchema } from './audit-schema';
import { auditKeys } from './audit-keys';

/** While a scan runs its progress is asked for often; otherwise now and then, to see others' changes. */
const RUNNING_POLL_MS = 1_000;
const IDLE_POLL_MS = 10_000;

export function getAuditStatus(signal?: AbortSignal): Promise<AuditStatus> {
  return requestJson(`${AUDIT_BASE}/status`, auditSchema('auditStatusSchema'), { signal });
}

export function auditStatusQueryOptions() {
  return queryOptions({
    queryKey: auditKeys.status(),
    queryFn: ({ signal }) => getAuditStatus(signal),
    refetchInterval: (query) => (query.state.data?.runningScan ? RUNNING_POLL_MS : IDLE_POLL_MS),
  });
}

export function useAuditStatus() {
  return useQuery(auditStatusQueryOptions());
}
