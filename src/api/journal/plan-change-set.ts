import { useMutation } from '@tanstack/react-query';
import type { ChangeSetRequest, KeptPlan } from '../../contract/journal';
import { journalPaths, keptPlanSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { waitForItemsMs } from './wait-for-items';

/**
 * A dry run: what each item would do, and why not; no field changes and nothing is
 * sent. The server keeps it for its confirmation and answers its counts and first items.
 */
export function planChangeSet(request: ChangeSetRequest): Promise<KeptPlan> {
  return requestJson(journalPaths.plans, keptPlanSchema, {
    method: 'POST',
    body: request,
    timeoutMs: waitForItemsMs(request.items.length),
  });
}

export function usePlanChangeSet() {
  return useMutation({ mutationFn: planChangeSet });
}
