import type { QueryClient } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import type { ChangeSetRequest, ChangeSetSummary, KeptPlan } from '../../contract/journal';
import { changeSetSummarySchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { instanceModeOf } from '../app-config';
import type { InstanceMode } from './wait-for-items';
import { waitForItemsMs } from './wait-for-items';
import { journalKeys } from './journal-keys';

/** Records a change set and starts it; follow it with useChangeSet(id) until it is done. */
export function startChangeSet(
  request: ChangeSetRequest,
  mode: InstanceMode,
): Promise<ChangeSetSummary> {
  return requestJson(journalPaths.changeSets, changeSetSummarySchema, {
    method: 'POST',
    body: request,
    timeoutMs: waitForItemsMs(request.items.length, mode),
  });
}

/**
 * Confirms a kept dry run by its id: the server records and starts exactly its changes;
 * its run reads each field again and skips one changed since. Nothing is sent back. An
 * undo's may read every field first, hence the wait.
 */
export function confirmPlan(plan: KeptPlan, mode: InstanceMode): Promise<ChangeSetSummary> {
  return requestJson(journalPaths.changeSets, changeSetSummarySchema, {
    method: 'POST',
    body: { planId: plan.id },
    timeoutMs: waitForItemsMs(plan.counts.change, mode),
  });
}

/** A started set is the newest of the lists of sets. */
const refreshLists = {
  onSuccess: (
    _summary: ChangeSetSummary,
    _asked: unknown,
    _result: unknown,
    { client }: { client: QueryClient },
  ) => client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
};

export function useStartChangeSet() {
  return useMutation({
    mutationFn: async (request: ChangeSetRequest, { client }) =>
      startChangeSet(request, await instanceModeOf(client)),
    ...refreshLists,
  });
}

export function useConfirmPlan() {
  return useMutation({
    mutationFn: async (plan: KeptPlan, { client }) =>
      confirmPlan(plan, await instanceModeOf(client)),
    ...refreshLists,
  });
}
