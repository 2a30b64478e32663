import type { KeptPlan, PlanItemsPage, PlannedItem } from '../../contract/journal';
import { journalPaths, PLAN_FIRST_ITEMS, planItemsPageSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';
import { usePages } from './use-pages';

export function getPlanItemsPage(
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<PlanItemsPage> {
  const query = new URLSearchParams({
    offset: String(page * PLAN_FIRST_ITEMS),
    limit: String(PLAN_FIRST_ITEMS),
  });
  return requestJson(`${journalPaths.planItems(id)}?${query}`, planItemsPageSchema, { signal });
}

/**
 * A kept dry run's items, read a page at a time as its list shows them; the first page
 * came with the dry run's answer. A kept plan never changes.
 */
export function usePlanItems(plan: KeptPlan) {
  return usePages<PlannedItem>({
    pageSize: PLAN_FIRST_ITEMS,
    keyOf: (page) => [...journalKeys.planItems(plan.id), page],
    read: (page, signal) => getPlanItemsPage(plan.id, page, signal),
    staleTime: Infinity,
    firstPage: { items: plan.items },
  });
}
