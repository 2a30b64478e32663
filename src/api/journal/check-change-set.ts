import { useMutation } from '@tanstack/react-query';
import type { ChangeSetDetail } from '../../contract/journal';
import { changeSetDetailSchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** Reads each unfinished item of an incomplete set back from the instance and records whether it was applied. */
export function checkChangeSet(id: number): Promise<ChangeSetDetail> {
  return requestJson(journalPaths.check(id), changeSetDetailSchema, { method: 'POST', body: {} });
}

export function useCheckChangeSet() {
  return useMutation({
    mutationFn: checkChangeSet,
    onSuccess: (detail, id, _result, { client }) => {
      client.setQueryData(journalKeys.changeSet(id), detail);
      client.setQueryData(journalKeys.changeSetSummary(id), detail.changeSet);
      return client.invalidateQueries({ queryKey: journalKeys.changeSetLists() });
    },
  });
}
