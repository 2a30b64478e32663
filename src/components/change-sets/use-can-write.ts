import { useQuery } from '@tanstack/react-query';
import { meQueryOptions, useMe } from '../../api/journal/get-me';
import type { ChangeKind, ChangeSetSummary } from '../../contract/journal';
import { mayActOnChangeSet, mayRetryChangeSet } from '../../contract/who-may-change';

/** Whether the token may write: false until the server says so, so write actions never flash. */
export function useCanWrite(): boolean {
  return useMe().data?.canWrite === true;
}

/**
 * Whether the token may lock fields: true until the server says it is a reader's,
 * so an editor's switches never flash off. `ask` false leaves the question for later
 * (the fields page asks after its first paint).
 */
export function useMayLock(ask = true): boolean {
  return useQuery({ ...meQueryOptions(), enabled: ask }).data?.role !== 'reader';
}

/** Whether the token may undo, retry or finish a change set of this kind: false until the server says. */
export function useMayActOnChangeSet(kind: ChangeKind): boolean {
  const me = useMe().data;
  return me !== undefined && mayActOnChangeSet(me, kind);
}

/** Whether the token may retry or finish this change set (only its person's): false until the server says. */
export function useMayRetryChangeSet(set: Pick<ChangeSetSummary, 'kind' | 'person'>): boolean {
  const me = useMe().data;
  return me !== undefined && mayRetryChangeSet(me, set);
}
