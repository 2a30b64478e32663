import { useMutation } from '@tanstack/react-query';
import type { ChangeSetSummary } from '../../contract/journal';
import { changeSetSummarySchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** Stops a running set after the batch in flight; what is done stays done. */
export function cancelChangeSet(id: number): Promise<ChangeSetSummary> {
  return requestJson(journalPaths.cancel(id), changeSetSummarySchema, { method: 'POST', body: {} });
}

export function useCancelChangeSet() {
  return useMutation({
    mutationFn: cancelChangeSet,
    onSuccess: (_summary, id, _result, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: journalKeys.changeSet(id) }),
        client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
      ]),
  });
}
