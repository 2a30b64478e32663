import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { isApiError } from '../../../api/api-error';
import {
  bulkLockFields,
  FIELDS_PER_BULK_CALL,
  isBulkRefused,
} from '../../../api/calculated-fields/bulk-lock-fields';
import type { FieldLockOutcome } from '../../../api/calculated-fields/bulk-lock-fields';
import { fieldKeys } from '../../../api/calculated-fields/field-keys';
import { lockField, showManyLockedInCache } from '../../../api/calculated-fields/lock-field';
import { createBatchedBulkRun } from './bulk-run';
import { MAX_LOCKS_IN_FLIGHT } from './lock-concurrency';
import type { BulkRun, BulkRunSnapshot, BulkRunStatus } from './bulk-run';
import type { LockPlan, SelectedField } from '../selection/field-selection';

/**
 * Fields done are shown in the table (behind the dialog) together, at most this often.
 * Each showing draws the whole fields page again, which took more of the browser's
 * time than sending when it came ten times a second (docs/web-app.md).
 */
const showEveryMs = 500;

/**
 * The dialog's counts are drawn at most this often. The run changes twice per request
 * (sent, then settled), which at hundreds of requests a second was more drawing than
 * sending; each drawing shows the latest counts, which always add up to the total.
 */
const drawProgressEveryMs = 100;

/** The run's counts as the dialog draws them: told of many changes at once. */
export interface LockProgress {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => BulkRunSnapshot<SelectedField>;
}

/**
 * A subscription that tells its listener of many changes at once, at most every `ms`,
 * and of a change of status (started, stopping, finished) at once.
 */
function coalesced(run: BulkRun<SelectedField>, ms: number) {
  return (listener: () => void) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let toldStatus = run.getSnapshot().status;
    const tell = () => {
      clearTimeout(timer);
      timer = undefined;
      toldStatus = run.getSnapshot().status;
      listener();
    };
    const unsubscribe = run.subscribe(() => {
      if (run.getSnapshot().status !== toldStatus) tell();
      else timer ??= setTimeout(tell, ms);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  };
}

const noSubscription = () => () => {};
const noStatus = () => undefined;

/** A 429 asks the run to slow down; any other failure is the field's own. */
function backOffMs(error: unknown): number | undefined {
  return isApiError(error) && error.status === 429 ? error.retryAfterMs : undefined;
}

/** Remembered for the session once the instance refused the bulk operation. */
const bulkRefusedKey = ['instance', 'bulk-template-refused'] as const;

/** The instance has no bulk operation: the fields of the call go again, one PUT each. */
class BulkOperationRefused extends Error {}

/**
 * Sends the fields of one request: production's bulk operation for several, one PUT
 * for one. When the instance refuses the bulk operation (404, 405, 501), that is
 * remembered for the session and the fields are sent again, one PUT each.
 */
async function lockFields(
  client: QueryClient,
  fields: readonly SelectedField[],
  locked: boolean,
): Promise<FieldLockOutcome[]> {
  if (fields.length > 1) {
    try {
      return await bulkLockFields({ ids: fields.map((field) => field.id), locked });
    } catch (error) {
      if (!isBulkRefused(error)) throw error;
      client.setQueryData(bulkRefusedKey, true);
      throw new BulkOperationRefused();
    }
  }
  // Thrown failures (a 429 among them) are the whole request's, as the run expects.
  return [{ ok: true, field: await lockField({ id: fields[0]!.id, locked }) }];
}

interface LockRun {
  run: BulkRun<SelectedField>;
  progress: LockProgress;
  /** Waits for a pass, shows what is left to show and refreshes every cached search. */
  settle(pass: Promise<unknown>): Promise<void>;
}

function createLockRun(
  client: QueryClient,
  plan: LockPlan,
  onFieldsDone: (fields: readonly SelectedField[]) => void,
  concurrency: number,
): LockRun {
  let done: SelectedField[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const showDone = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = done;
    done = [];
    if (batch.length === 0) return;
    showManyLockedInCache(client, batch);
    onFieldsDone(batch);
  };
  const run = createBatchedBulkRun(
    plan.changes,
    async (fields) => {
      const outcomes = await lockFields(client, fields, plan.locked);
      outcomes.forEach((outcome, at) => {
        if (outcome.ok) {
          const { name, locked } = outcome.field;
          done.push({ id: fields[at]!.id, name, locked });
        }
      });
      timer ??= setTimeout(showDone, showEveryMs);
      return outcomes;
    },
    {
      concurrency,
      backOffMs,
      sendAgain: (error) => error instanceof BulkOperationRefused,
      itemsPerRequest: () => (client.getQueryData(bulkRefusedKey) ? 1 : FIELDS_PER_BULK_CALL),
    },
  );
  return {
    run,
    progress: { subscribe: coalesced(run, drawProgressEveryMs), getSnapshot: run.getSnapshot },
    async settle(pass) {
      await pass;
      showDone();
      await client.invalidateQueries({ queryKey: fieldKeys.all });
    },
  };
}

/**
 * Locks or unlocks a planned set of fields with a bounded number of requests in flight:
 * many fields a call of production's bulk operation, one PUT per field on an
 * instance that refuses it (docs/api.md, "Bulk create, update and delete").
 * Fields done show their new state in the table in batches (each cached page is
 * rewritten once per batch, `onFieldsDone` hears each batch); when a pass ends, every
 * cached search is refreshed.
 *
 * The hook's own component is drawn again only when the run's status changes; the
 * counts are read with useLockProgress by the part that shows them, so the dialog
 * around them (Mantine's Modal, its focus trap and portal) is not drawn with each count.
 */
export function useBulkLock(
  onFieldsDone: (fields: readonly SelectedField[]) => void,
  { concurrency = MAX_LOCKS_IN_FLIGHT }: { concurrency?: number } = {},
) {
  const client = useQueryClient();
  const [lockRun, setLockRun] = useState<LockRun>();
  const run = lockRun?.run;
  const status: BulkRunStatus | undefined = useSyncExternalStore(
    run?.subscribe ?? noSubscription,
    run ? () => run.getSnapshot().status : noStatus,
  );

  const start = (plan: LockPlan, requestsAtOnce = concurrency) => {
    const next = createLockRun(client, plan, onFieldsDone, requestsAtOnce);
    setLockRun(next);
    // A search already on its way would answer with the states from before the run.
    void client.cancelQueries({ queryKey: fieldKeys.searches() });
    void next.settle(next.run.start());
  };

  return {
    status,
    progress: lockRun?.progress,
    start,
    retryFailed: () => lockRun && void lockRun.settle(lockRun.run.retryFailed()),
    cancel: () => run?.cancel(),
    reset: () => setLockRun(undefined),
  };
}

/** The run's latest counts, drawn at most every drawProgressEveryMs and at each change of status. */
export function useLockProgress(progress: LockProgress): BulkRunSnapshot<SelectedField> {
  return useSyncExternalStore(progress.subscribe, progress.getSnapshot);
}
