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

/**
 * The dialog's counts are drawn at most this often. The run changes twice per request
 * (sent, then settled), which at hundreds of requests a second was more drawing than
 * sending; each drawing shows the latest counts, which always add up to the total.
 */
const drawProgressEveryMs = 50;

/** A subscription that tells its listener of many changes at once, at most every `ms`. */
function coalesced(subscribe: (listener: () => void) => () => void, ms: number) {
  return (listener: () => void) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        listener();
      }, ms);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  };
}

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
  /** The run's changes, told at most every drawProgressEveryMs. */
  subscribe: (listener: () => void) => () => void;
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
    subscribe: coalesced(run.subscribe, drawProgressEveryMs),
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
    lockRun?.subscribe ?? noSubscription,
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
