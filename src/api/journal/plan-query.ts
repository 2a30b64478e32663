import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChangeSetRequest } from '../../contract/journal';
import { journalKeys } from './journal-keys';
import { instanceModeOf } from '../app-config';
import { planChangeSet } from './plan-change-set';

/**
 * The dry run of a dialog's change, as a query: asked again when the request changes
 * (a ticked box, a typed name), with the last answer on screen meanwhile. Never on its
 * own otherwise (a window focused again, say): each dry run is kept on the server, one
 * of the three a person keeps, and one of 100,000 fields takes the server 15 s.
 */
export function usePlan(request: ChangeSetRequest | undefined) {
  return useQuery({
    queryKey: [...journalKeys.all, 'plan', request] as const,
    queryFn: async ({ client }) => planChangeSet(request!, await instanceModeOf(client)),
    enabled: request !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
}
