import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FindingKey, FindingScope, FindingsAnswer } from '../../contract/audit';
import { AUDIT_BASE } from '../../contract/audit-paths';
import type { SearchRequest } from '../../contract/search';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { auditKeys } from './audit-keys';
import { auditSchema } from './audit-schema';

/** The findings of the latest scan; null before any scan has completed. */
export async function getFindings(signal?: AbortSignal): Promise<FindingsAnswer | null> {
  try {
    return await requestJson(`${AUDIT_BASE}/findings`, auditSchema('findingsAnswerSchema'), {
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Asked for at once, beside the audit's status rather than after it; the answer
 * says which `version` of the audit it is, and useFollowAuditVersion asks again
 * when the status shows another.
 */
export function findingsQueryOptions() {
  return queryOptions({
    queryKey: auditKeys.findings(),
    queryFn: ({ signal }) => getFindings(signal),
  });
}

export function useFindings() {
  return useQuery(findingsQueryOptions());
}

export function useFindingGroups(key: FindingKey, offset: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: [...auditKeys.groups(key), offset, limit],
    queryFn: ({ signal }) =>
      requestJson(
        `${AUDIT_BASE}/findings/${key}/groups?offset=${offset}&limit=${limit}`,
        auditSchema('findingGroupsAnswerSchema'),
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function trendQueryOptions() {
  return queryOptions({
    queryKey: auditKeys.trend(),
    queryFn: ({ signal }) =>
      requestJson(`${AUDIT_BASE}/trend`, auditSchema('trendAnswerSchema'), { signal }),
  });
}

export function useTrend() {
  return useQuery(trendQueryOptions());
}

/** A search over a finding's fields: the same request and answer as a search, plus notes. */
export function searchFindingFields(
  scope: FindingScope,
  request: SearchRequest,
  signal?: AbortSignal,
) {
  return requestJson(
    `${AUDIT_BASE}/findings/${scope.key}/fields`,
    auditSchema('findingFieldsAnswerSchema'),
    {
      method: 'POST',
      body: scope.group === undefined ? request : { ...request, group: scope.group },
      signal,
    },
  );
}
