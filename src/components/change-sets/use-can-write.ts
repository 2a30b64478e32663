import { useQuery } from '@tanstack/react-query';
import { meQueryOptions, useMe } from '../../api/journal/get-me';

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
