import { useMutation } from '@tanstack/react-query';
import type { ChangeSetSummary } from '../../contract/journal';
import { changeSetSummarySchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** Sends the failed items of a set again (finishes an incomplete set after its check). */
export function retryChangeSet(id: number): Promise<ChangeSetSummary> {
  return requestJson(journalPaths.retry(id), changeSetSummarySchema, { method: 'POST', body: {} });
}

export function useRetryChangeSet() {
  return useMutation({
    mutationFn: retryChangeSet,
    onSuccess: (_summary, id, _result, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: journalKeys.changeSet(id) }),
        client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
      ]),
  });
}
