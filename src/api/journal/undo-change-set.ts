import { useMutation, useQuery } from '@tanstack/react-query';
import type { KeptPlan } from '../../contract/journal';
import { journalPaths, undoDryRunAnswerSchema } from '../../contract/journal';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { instanceModeOf } from '../app-config';
import { journalKeys } from './journal-keys';
import { confirmPlan } from './start-change-set';
import type { InstanceMode } from './wait-for-items';
import { waitForItemsMs } from './wait-for-items';

export interface UndoPlanRequest {
  id: number;
  /** The fields the set applied, when known: the dry run of an undo of many is waited for longer. */
  applied?: number;
}

/**
 * An undo's dry run: which fields would be put back, which changed again since and stay.
 * The server keeps it for its confirmation (`confirmPlan`) and answers its counts and first items.
 */
export async function planUndo(
  { id, applied = 0 }: UndoPlanRequest,
  mode: InstanceMode,
): Promise<KeptPlan> {
  const answer = await requestJson(journalPaths.undo(id), undoDryRunAnswerSchema, {
    method: 'POST',
    body: { dryRun: true },
    timeoutMs: waitForItemsMs(applied, mode),
  });
  return answer.plan;
}

/** The undo's dry run of a set as a query, asked while `asked` is given; refetch runs it again. */
export function useUndoPlan(asked: UndoPlanRequest | undefined) {
  return useQuery({
    queryKey: [...journalKeys.all, 'undo-plan', asked?.id] as const,
    queryFn: async ({ client }) => planUndo(asked!, await instanceModeOf(client)),
    enabled: asked !== undefined,
    // Run again only when asked: each run plans every field again and keeps a new plan.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Confirms an undo's kept dry run: the server records and starts the undo as a change set
 * of its own, each field changed since the dry run left as it is.
 */
export function useConfirmUndo(undoneId: number) {
  return useMutation({
    mutationFn: async (plan: KeptPlan, { client }) =>
      confirmPlan(plan, await instanceModeOf(client)),
    onSuccess: (_summary, _plan, _result, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: journalKeys.changeSet(undoneId) }),
        client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
      ]),
    // Refused because the set moved on (undone from another tab, retried): what the app
    // shows of it, in Activity and a field's history, is asked again.
    onError: (error, _plan, _result, { client }) => {
      if (!isApiError(error) || error.status !== 409) return;
      return Promise.all([
        client.invalidateQueries({ queryKey: journalKeys.changeSet(undoneId) }),
        client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
        client.invalidateQueries({ queryKey: journalKeys.fieldHistories() }),
      ]);
    },
  });
}
