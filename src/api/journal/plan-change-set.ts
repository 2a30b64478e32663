import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ChangeSetRequest } from '../../contract/journal';
import { journalPaths, planSchema } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** A dry run: what the change set would do to each field, and why not where it would not. */
export function planChangeSet(request: ChangeSetRequest) {
  return requestJson(journalPaths.plans, planSchema, { method: 'POST', body: request });
}

export function usePlanChangeSet() {
  return useMutation({ mutationFn: planChangeSet });
}

/** The dry run as a query: asked again when the request changes; never cached for long. */
export function usePlan(request: ChangeSetRequest | undefined) {
  return useQuery({
    queryKey: [...journalKeys.all, 'plan', request] as const,
    queryFn: () => planChangeSet(request!),
    enabled: request !== undefined,
    staleTime: 0,
    gcTime: 0,
    // A ticked box or a typed name asks again; the last answer stays on screen meanwhile.
    placeholderData: keepPreviousData,
  });
}
