import { useMutation } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ChangeSetRequest } from '../../contract/journal';
import { changeSetDetailSchema, journalPaths } from '../../contract/journal';
import { fieldKeys } from '../calculated-fields/field-keys';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** Records a change set and starts it; the answer is the set as it stands. */
export function createChangeSet(request: ChangeSetRequest) {
  return requestJson(journalPaths.changeSets, changeSetDetailSchema, {
    method: 'POST',
    body: request,
  });
}

/** After a change, every view of fields and of the journal is read again. */
export function refreshAfterChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: fieldKeys.all }),
    client.invalidateQueries({ queryKey: journalKeys.all }),
  ]);
}

export function useCreateChangeSet() {
  return useMutation({
    mutationFn: createChangeSet,
    onSuccess: (_detail, _request, _result, { client }) => refreshAfterChange(client),
  });
}
