import { useIsMutating, useMutation } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { LockRequest } from '../../contract/lock';
import { apiPaths } from '../../contract/paths';
import type { SearchResponse } from '../../contract/search';
import { requestJson } from '../http-client';
import { journalKeys } from '../journal/journal-keys';
import { fieldKeys } from './field-keys';
import type { FieldDetail } from './get-field';
import { LockNotMade, recordLock } from './record-lock';

export interface LockChange {
  id: number;
  locked: boolean;
}

/** Loaded with the first lock: the table's first screen loads no zod (http-client.ts). */
const loadFieldSchema = () =>
  import('../../contract/field').then(({ calculatedFieldSchema }) => calculatedFieldSchema);

/** The instance's own lock, not recorded in the journal: the bulk lock's per-field fallback. */
export function lockField({ id, locked }: LockChange) {
  const body: LockRequest = { locked };
  return requestJson(apiPaths.template(id), loadFieldSchema, { method: 'PUT', body });
}

/** Shows the lock state in every cached view of the field: each search page and its detail. */
export function showLockedInCache(client: QueryClient, change: LockChange): void {
  showManyLockedInCache(client, [change]);
}

/** The same for many fields at once: each cached page is copied once, not once per field. */
export function showManyLockedInCache(client: QueryClient, changes: readonly LockChange[]): void {
  const lockedById = new Map(changes.map(({ id, locked }) => [id, locked]));
  client.setQueriesData<SearchResponse>({ queryKey: fieldKeys.searches() }, (page) =>
    page?.results.some((item) => lockedById.has(item.id))
      ? {
          ...page,
          results: page.results.map((item) => {
            const locked = lockedById.get(item.id);
            return locked === undefined ? item : { ...item, locked };
          }),
        }
      : page,
  );
  for (const { id, locked } of changes) {
    client.setQueryData<FieldDetail>(fieldKeys.detail(id), (detail) =>
      detail?.complete
        ? { complete: true, field: { ...detail.field, locked } }
        : detail && { complete: false, field: { ...detail.field, locked } },
    );
  }
}

const lockMutationKey = [...fieldKeys.all, 'lock'] as const;

/** The lock changes of field `id` still on their way. */
const lockOf = (id: number) => ({
  mutationKey: lockMutationKey,
  predicate: (mutation: { state: { variables: unknown } }) =>
    (mutation.state.variables as LockChange | undefined)?.id === id,
});

/**
 * Whether a lock change of the field is on its way. A second change meanwhile could
 * reach the server first and leave the field in the state the user left behind.
 */
export function isLockPending(client: QueryClient, id: number): boolean {
  return client.isMutating(lockOf(id)) > 0;
}

/** The same, as a component sees it change. */
export function useLockPending(id: number): boolean {
  return useIsMutating(lockOf(id)) > 0;
}

/**
 * Everything about fields is fetched again, except the lists on screen: they are
 * only marked out of date, so a row that no longer matches its view stays where it
 * was (with its new state) until the view is refreshed, instead of the next row
 * sliding under the pointer. Any other page, sort or filter loads afresh. The journal's
 * lists and the fields' histories now have the lock's change set.
 */
function refreshAfterLock(client: QueryClient) {
  const isSearch = (key: readonly unknown[]) => key[1] === fieldKeys.searches()[1];
  return Promise.all([
    client.invalidateQueries({ queryKey: fieldKeys.all, predicate: (q) => !isSearch(q.queryKey) }),
    client.invalidateQueries({ queryKey: fieldKeys.searches(), refetchType: 'none' }),
    client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
    client.invalidateQueries({ queryKey: journalKeys.fieldHistories() }),
  ]);
}

/** The field's lock after a change that was not made: as the journal found it, else as before. */
function lockedAfterFailure(error: Error, change: LockChange): boolean {
  const found = error instanceof LockNotMade ? error.lockedNow : undefined;
  return found ?? !change.locked;
}

/**
 * Locks or unlocks optimistically, as a change set the journal records
 * (record-lock.ts): the change shows at once, is undone when it is not made or the
 * server cannot be reached, and the caches are refreshed afterwards.
 */
export function useLockField(options: {
  onError?: (error: Error, change: LockChange, lockedNow: boolean) => void;
}) {
  return useMutation({
    mutationKey: lockMutationKey,
    mutationFn: recordLock,
    onMutate: async (change, { client }) => {
      await client.cancelQueries({ queryKey: fieldKeys.all });
      showLockedInCache(client, change);
    },
    onError: (error, change, _result, { client }) => {
      const lockedNow = lockedAfterFailure(error, change);
      showLockedInCache(client, { id: change.id, locked: lockedNow });
      options.onError?.(error, change, lockedNow);
    },
    onSettled: (_field, _error, _change, _result, { client }) => {
      // While another toggle is still in flight a refetch would show its old value.
      if (client.isMutating({ mutationKey: lockMutationKey }) === 1) {
        return refreshAfterLock(client);
      }
    },
  });
}
