import { useMutation } from '@tanstack/react-query';
import type { ChangeSetRequest, ChangeSetSummary } from '../../contract/journal';
import { changeSetSummarySchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { waitForItemsMs } from './wait-for-items';
import { journalKeys } from './journal-keys';

/** Records a change set and starts it; follow it with useChangeSet(id) until it is done. */
export function startChangeSet(request: ChangeSetRequest): Promise<ChangeSetSummary> {
  return requestJson(journalPaths.changeSets, changeSetSummarySchema, {
    method: 'POST',
    body: request,
    timeoutMs: waitForItemsMs(request.items.length),
  });
}

export function useStartChangeSet() {
  return useMutation({
    mutationFn: startChangeSet,
    onSuccess: (_summary, _request, _result, { client }) =>
      client.invalidateQueries({ queryKey: journalKeys.changeSetLists() }),
  });
}
