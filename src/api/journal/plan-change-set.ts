import { useMutation } from '@tanstack/react-query';
import type { ChangeSetRequest, Plan } from '../../contract/journal';
import { journalPaths, planSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { waitForItemsMs } from './wait-for-items';

/** A dry run: what each item would do, and why not; nothing is recorded or sent. */
export function planChangeSet(request: ChangeSetRequest): Promise<Plan> {
  return requestJson(journalPaths.plans, planSchema, {
    method: 'POST',
    body: request,
    timeoutMs: waitForItemsMs(request.items.length),
  });
}

export function usePlanChangeSet() {
  return useMutation({ mutationFn: planChangeSet });
}
