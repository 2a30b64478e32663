import type { QueryClient } from '@tanstack/react-query';
import { loadAuditContract } from '../../api/audit/audit-schema';
import { auditStatusQueryOptions } from '../../api/audit/audit-status';
import { findingsQueryOptions, trendQueryOptions } from '../../api/audit/findings';
import { scansQueryOptions } from '../../api/audit/scans';
import { statisticsQueryOptions } from '../../api/calculated-fields/get-statistics';
import { getSession } from '../../api/session';

/**
 * Asks for everything the audit page first shows, into the query cache, while the
 * page's own code is still loading: the router calls it as it starts loading the
 * page, so the answers are there when the page first draws instead of being asked
 * for then (docs/audit.md, "The audit page"). Without a session nothing is asked:
 * the page sends to sign-in.
 */
export function prefetchAuditPage(client: QueryClient): void {
  const session = getSession();
  if (!session.token && !session.heldByServer) return;
  void client.prefetchQuery(auditStatusQueryOptions());
  void client.prefetchQuery(findingsQueryOptions());
  void client.prefetchQuery(trendQueryOptions());
  void client.prefetchQuery(scansQueryOptions());
  void client.prefetchQuery(statisticsQueryOptions());
  // The audit's answers' schemas (and zod) load beside the requests, not once they are
  // answered; a failure to load shows with the answer that needs them.
  loadAuditContract().catch(() => undefined);
}
