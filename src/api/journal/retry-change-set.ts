import { useMutation } from '@tanstack/react-query';
import { changeSetDetailSchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { refreshAfterChange } from './create-change-set';

/** Sends the failed items of a set again. */
export function retryChangeSet(id: number) {
  return requestJson(journalPaths.retry(id), changeSetDetailSchema, { method: 'POST', body: {} });
}

export function useRetryChangeSet() {
  return useMutation({
    mutationFn: retryChangeSet,
    onSettled: (_detail, _error, _id, _result, { client }) => refreshAfterChange(client),
  });
}
