import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldFindingsAnswer } from '../../contract/audit';
import { AUDIT_BASE, fieldFindingsAnswerSchema } from '../../contract/audit';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { auditKeys } from './audit-keys';
import { useAuditStatus } from './audit-status';

/** Every finding of the audit's latest view for one field; null before any scan has completed. */
export async function getFieldFindings(
  fieldId: number,
  signal?: AbortSignal,
): Promise<FieldFindingsAnswer | null> {
  try {
    return await requestJson(
      `${AUDIT_BASE}/fields/${fieldId}/findings`,
      fieldFindingsAnswerSchema,
      {
        signal,
      },
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function fieldFindingsQueryOptions(fieldId: number, version: number) {
  return queryOptions({
    queryKey: auditKeys.fieldFindings(fieldId, version),
    queryFn: ({ signal }) => getFieldFindings(fieldId, signal),
  });
}

/**
 * A field's findings at the audit's current version: the audit's status (asked now
 * and then) gives the version, so a scan that completes, or a change through the
 * server, brings the new answer; the one before stays shown meanwhile.
 */
export function useFieldFindings(fieldId: number) {
  const status = useAuditStatus();
  const version = status.data?.version;
  const findings = useQuery({
    ...fieldFindingsQueryOptions(fieldId, version ?? -1),
    enabled: version !== undefined,
    placeholderData: keepPreviousData,
  });
  return {
    answer: findings.data,
    error: status.error ?? findings.error,
    pending: findings.data === undefined && !status.isError && !findings.isError,
    retry: () => void (status.isError ? status.refetch() : findings.refetch()),
  };
}
