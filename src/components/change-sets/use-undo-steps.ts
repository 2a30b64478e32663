import { isApiError } from '../../api/api-error';
import { useConfirmUndo, useUndoPlan } from '../../api/journal/undo-change-set';
import type { ChangeSetSummary } from '../../contract/journal';
import { isPlanGone } from './PlanGone';

/**
 * Whether the journal refused to confirm an undo's dry run that no longer holds (409):
 * its set applied more fields since, was undone meanwhile, or has nothing left to undo.
 * A dry run made again says what the undo would do now, or why not.
 */
function isUndoPlanOutdated(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 409;
}

/**
 * The steps of an undo of change set `id`, wherever it is offered: its dry run while
 * `asked`, kept by the server; the confirmation by the dry run's id; a dry run that can
 * no longer be confirmed (expired, or refused with 409) made again on asking.
 * `applied`: the fields the set applied, when known (a dry run of many is waited for longer).
 */
export function useUndoSteps(id: number, asked: boolean, applied?: number) {
  const dryRun = useUndoPlan(asked ? { id, applied } : undefined);
  const confirmation = useConfirmUndo(id);
  // A dry run made again and refused (the set undone meanwhile) leaves the one before it
  // in the query: it is no longer what the undo would do, nor to be confirmed.
  const plan = dryRun.isError ? undefined : dryRun.data;
  const error = confirmation.isError ? confirmation.error : undefined;
  /** Why the dry run must be made again before it is confirmed: expired, or the 409's words. */
  const stale: { refusal?: string } | undefined = isPlanGone(error)
    ? {}
    : isUndoPlanOutdated(error)
      ? { refusal: error!.message }
      : undefined;
  return {
    dryRun,
    plan,
    confirmation,
    stale,
    /** A confirmation that failed for another reason: the network, a 403. */
    failure: stale === undefined ? error : undefined,
    canConfirm:
      plan !== undefined && plan.counts.change > 0 && !dryRun.isFetching && stale === undefined,
    runAgain: () => {
      confirmation.reset();
      void dryRun.refetch();
    },
    confirm: (onStarted: (undo: ChangeSetSummary) => void) => {
      if (plan) confirmation.mutate(plan, { onSuccess: onStarted });
    },
  };
}

export type UndoSteps = ReturnType<typeof useUndoSteps>;
