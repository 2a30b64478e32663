import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeKind, Scan, ScansAnswer } from '../../contract/audit';
import { AUDIT_BASE, AUDIT_PAGE_MAX } from '../../contract/audit-paths';
import { requestJson, requestText } from '../http-client';
import { auditKeys } from './audit-keys';
import { auditSchema } from './audit-schema';

/**
 * Starts a scan (or answers the one running) and cancels one; both refresh the status.
 * Each sends an empty JSON body: the server takes a request that changes something only
 * with a JSON type or the token header, which another site's page cannot send.
 */
export function useScanControls() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: auditKeys.all });
  const start = useMutation({
    mutationFn: () =>
      requestJson(`${AUDIT_BASE}/scans`, auditSchema('scanAnswerSchema'), {
        method: 'POST',
        body: {},
      }),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: number) =>
      requestJson(`${AUDIT_BASE}/scans/${id}/cancel`, auditSchema('scanAnswerSchema'), {
        method: 'POST',
        body: {},
      }),
    onSettled: refresh,
  });
  return { start, cancel };
}

/**
 * Every kept scan, newest first, a page at a time: the scan pickers offer each, and
 * retention keeps every scan of the last 30 days that changed something, which can be
 * more than one page. A scan that finished while the pages were read is listed once.
 */
async function allScans(signal: AbortSignal): Promise<ScansAnswer> {
  const scans: Scan[] = [];
  const listed = new Set<number>();
  for (let offset = 0; ; offset += AUDIT_PAGE_MAX) {
    const page = await requestJson(
      `${AUDIT_BASE}/scans?offset=${offset}&limit=${AUDIT_PAGE_MAX}`,
      auditSchema('scansAnswerSchema'),
      { signal },
    );
    for (const scan of page.scans) {
      if (!listed.has(scan.id)) scans.push(scan);
      listed.add(scan.id);
    }
    if (!page.hasMore || page.scans.length === 0) {
      return { scans, totalHits: scans.length, hasMore: false };
    }
  }
}

export function scansQueryOptions() {
  return queryOptions({
    queryKey: auditKeys.scans(),
    queryFn: ({ signal }) => allScans(signal),
  });
}

export function useScans() {
  return useQuery(scansQueryOptions());
}

export function useDiff(from: number | undefined, to: number | undefined) {
  return useQuery({
    queryKey: auditKeys.diff(from ?? 0, to ?? 0),
    queryFn: ({ signal }) =>
      requestJson(`${AUDIT_BASE}/diff?from=${from}&to=${to}`, auditSchema('diffAnswerSchema'), {
        signal,
      }),
    enabled: from !== undefined && to !== undefined,
    staleTime: Infinity,
  });
}

export function useDiffChanges(
  from: number,
  to: number,
  kind: ChangeKind | undefined,
  offset: number,
  limit: number,
) {
  return useQuery({
    queryKey: auditKeys.changes(from, to, kind ?? 'any', offset),
    queryFn: ({ signal }) =>
      requestJson(`${AUDIT_BASE}/diff/changes`, auditSchema('diffChangesAnswerSchema'), {
        method: 'POST',
        body: { from, to, ...(kind ? { kind } : {}), offset, limit },
        signal,
      }),
    staleTime: Infinity,
  });
}

/** The whole diff as a file's text; the token travels in its header, never in a link. */
export function exportDiff(from: number, to: number, format: 'csv' | 'json'): Promise<string> {
  return requestText(`${AUDIT_BASE}/diff/export?from=${from}&to=${to}&format=${format}`, {
    timeoutMs: 120_000,
  });
}
