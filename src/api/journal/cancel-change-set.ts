import { useMutation } from '@tanstack/react-query';
import { changeSetDetailSchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { refreshAfterChange } from './create-change-set';

/** Stops a running set after the batch in flight; what is done stays done. */
export function cancelChangeSet(id: number) {
  return requestJson(journalPaths.cancel(id), changeSetDetailSchema, { method: 'POST', body: {} });
}

export function useCancelChangeSet() {
  return useMutation({
    mutationFn: cancelChangeSet,
    onSettled: (_detail, _error, _id, _result, { client }) => refreshAfterChange(client),
  });
}
