import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { fieldKeys } from '../../../api/calculated-fields/field-keys';
import { lockFieldAndShow } from '../../../api/calculated-fields/lock-field';
import { createBulkRun } from './bulk-run';
import type { BulkRun, BulkRunSnapshot } from './bulk-run';
import type { LockPlan, SelectedField } from '../selection/field-selection';

/** Enough to keep a bulk lock quick without crowding out the table's own searches. */
export const MAX_LOCKS_IN_FLIGHT = 4;

const noSubscription = () => () => {};
const noSnapshot = () => undefined;

/**
 * Locks or unlocks a planned set of fields with a bounded number of requests in flight.
 * Each field shows its new state in the table as it completes (the single lock's
 * cache update); when a pass ends, every cached search is refreshed from the server.
 */
export function useBulkLock(onFieldDone: (field: SelectedField) => void) {
  const client = useQueryClient();
  const [run, setRun] = useState<BulkRun<SelectedField>>();
  const snapshot: BulkRunSnapshot<SelectedField> | undefined = useSyncExternalStore(
    run?.subscribe ?? noSubscription,
    run?.getSnapshot ?? noSnapshot,
  );

  const refreshAfter = async (pass: Promise<unknown>) => {
    await pass;
    await client.invalidateQueries({ queryKey: fieldKeys.all });
  };

  const start = (plan: LockPlan) => {
    const next = createBulkRun(
      plan.changes,
      async (field) => {
        const answer = await lockFieldAndShow(client, { id: field.id, locked: plan.locked });
        onFieldDone({ id: field.id, name: answer.name, locked: answer.locked });
      },
      { concurrency: MAX_LOCKS_IN_FLIGHT },
    );
    setRun(next);
    // A search already on its way would answer with the states from before the run.
    void client.cancelQueries({ queryKey: fieldKeys.searches() });
    void refreshAfter(next.start());
  };

  return {
    snapshot,
    start,
    retryFailed: () => run && void refreshAfter(run.retryFailed()),
    cancel: () => run?.cancel(),
    reset: () => setRun(undefined),
  };
}
