import type { QueryClient } from '@tanstack/react-query';
import { loadAuditContract } from '../../api/audit/audit-schema';
import { auditStatusQueryOptions } from '../../api/audit/audit-status';
import { findingsQueryOptions, trendQueryOptions } from '../../api/audit/findings';
import { scansQueryOptions } from '../../api/audit/scans';
import { hasSession } from '../../api/session';

/**
 * Asks for what the rest of the page draws (the ranked list, the scans, the findings,
 * the trend), beside the code that draws it: the page calls it once its numbers are
 * painted. Asked for with the numbers, these answers and their schemas (zod) arrived
 * and were read while the numbers were drawn (bench/results/audit-first-screen.md).
 */
export function prefetchAuditFindings(client: QueryClient): void {
  if (!hasSession()) return;
  void client.prefetchQuery(auditStatusQueryOptions());
  void client.prefetchQuery(findingsQueryOptions());
  void client.prefetchQuery(trendQueryOptions());
  void client.prefetchQuery(scansQueryOptions());
  // The answers' schemas (and zod) load beside the requests, not once they are
  // answered; a failure to load shows with the answer that needs them.
  loadAuditContract().catch(() => undefined);
}
