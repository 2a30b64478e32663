import type { QueryClient } from '@tanstack/react-query';
import { loadAuditContract } from '../../api/audit/audit-schema';
import { auditStatusQueryOptions } from '../../api/audit/audit-status';
import { findingsQueryOptions, trendQueryOptions } from '../../api/audit/findings';
import { scansQueryOptions } from '../../api/audit/scans';
import { statisticsQueryOptions } from '../../api/calculated-fields/get-statistics';
import { getSession } from '../../api/session';

const hasSession = () => {
  const session = getSession();
  return Boolean(session.token || session.heldByServer);
};

/**
 * Asks for what the audit page draws first, its headline numbers, into the query
 * cache while the page's own code is still loading: the router calls it as it starts
 * loading the page, so the answer is there when the page first draws (docs/audit.md,
 * "The audit page"). Without a session nothing is asked: the page sends to sign-in.
 */
export function prefetchAuditPage(client: QueryClient): void {
  if (!hasSession()) return;
  void client.prefetchQuery(statisticsQueryOptions());
}

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
