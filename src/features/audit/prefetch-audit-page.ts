import type { QueryClient } from '@tanstack/react-query';
import { statisticsQueryOptions } from '../../api/calculated-fields/get-statistics';
import { hasSession } from '../../api/session';

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
