import { useMutation } from '@tanstack/react-query';
import type { ChangeSetRequest, KeptPlan } from '../../contract/journal';
import { journalPaths, keptPlanSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { instanceModeOf } from '../app-config';
import type { InstanceMode } from './wait-for-items';
import { waitForItemsMs } from './wait-for-items';

/**
 * A dry run: what each item would do, and why not; no field changes and nothing is
 * sent. The server keeps it for its confirmation and answers its counts and first items.
 */
export function planChangeSet(request: ChangeSetRequest, mode: InstanceMode): Promise<KeptPlan> {
  return requestJson(journalPaths.plans, keptPlanSchema, {
    method: 'POST',
    body: request,
    timeoutMs: waitForItemsMs(request.items.length, mode),
  });
}

export function usePlanChangeSet() {
  return useMutation({
    mutationFn: async (request: ChangeSetRequest, { client }) =>
      planChangeSet(request, await instanceModeOf(client)),
  });
}
