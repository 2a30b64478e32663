import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { isApiError } from '../../../api/api-error';
import { fieldKeys } from '../../../api/calculated-fields/field-keys';
import { lockField, showManyLockedInCache } from '../../../api/calculated-fields/lock-field';
import { createBulkRun } from './bulk-run';
import { MAX_LOCKS_IN_FLIGHT } from './lock-concurrency';
import type { BulkRun, BulkRunSnapshot } from './bulk-run';
import type { LockPlan, SelectedField } from '../selection/field-selection';

/** Fields done are shown in the table together, at most this often, not one render each. */
const showEveryMs = 100;

const noSubscription = () => () => {};
const noSnapshot = () => undefined;

/** A 429 asks the run to slow down; any other failure is the field's own. */
function backOffMs(error: unknown): number | undefined {
  return isApiError(error) && error.status === 429 ? error.retryAfterMs : undefined;
}

/**
 * Locks or unlocks a planned set of fields with a bounded number of requests in flight.
 * Fields done show their new state in the table in batches (each cached page is
 * rewritten once per batch); when a pass ends, every cached search is refreshed.
 */
interface LockRun {
  run: BulkRun<SelectedField>;
  /** Waits for a pass, shows what is left to show and refreshes every cached search. */
  settle(pass: Promise<unknown>): Promise<void>;
}

function createLockRun(
  client: QueryClient,
  plan: LockPlan,
  onFieldDone: (field: SelectedField) => void,
  concurrency: number,
): LockRun {
  let done: SelectedField[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const showDone = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = done;
    done = [];
    showManyLockedInCache(client, batch);
    for (const field of batch) onFieldDone(field);
  };
  const run = createBulkRun(
    plan.changes,
    async (field) => {
      const answer = await lockField({ id: field.id, locked: plan.locked });
      done.push({ id: field.id, name: answer.name, locked: answer.locked });
      timer ??= setTimeout(showDone, showEveryMs);
    },
    { concurrency, backOffMs },
  );
  return {
    run,
    async settle(pass) {
      await pass;
      showDone();
      await client.invalidateQueries({ queryKey: fieldKeys.all });
    },
  };
}

/**
 * Locks or unlocks a planned set of fields with a bounded number of requests in flight.
 * Fields done show their new state in the table in batches (each cached page is
 * rewritten once per batch); when a pass ends, every cached search is refreshed.
 */
export function useBulkLock(
  onFieldDone: (field: SelectedField) => void,
  { concurrency = MAX_LOCKS_IN_FLIGHT }: { concurrency?: number } = {},
) {
  const client = useQueryClient();
  const [lockRun, setLockRun] = useState<LockRun>();
  const run = lockRun?.run;
  const snapshot: BulkRunSnapshot<SelectedField> | undefined = useSyncExternalStore(
    run?.subscribe ?? noSubscription,
    run?.getSnapshot ?? noSnapshot,
  );

  const start = (plan: LockPlan, requestsAtOnce = concurrency) => {
    const next = createLockRun(client, plan, onFieldDone, requestsAtOnce);
    setLockRun(next);
    // A search already on its way would answer with the states from before the run.
    void client.cancelQueries({ queryKey: fieldKeys.searches() });
    void next.settle(next.run.start());
  };

  return {
    snapshot,
    start,
    retryFailed: () => lockRun && void lockRun.settle(lockRun.run.retryFailed()),
    cancel: () => run?.cancel(),
    reset: () => setLockRun(undefined),
  };
}
