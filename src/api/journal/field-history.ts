import { queryOptions, useQuery } from '@tanstack/react-query';
import { fieldHistorySchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

/** Every recorded version of a field, as the journal holds them. */
export function getFieldHistory(id: number, signal?: AbortSignal) {
  return requestJson(journalPaths.fieldHistory(id), fieldHistorySchema, { signal });
}

export function fieldHistoryOptions(id: number) {
  return queryOptions({
    queryKey: journalKeys.fieldHistory(id),
    queryFn: ({ signal }) => getFieldHistory(id, signal),
  });
}

export function useFieldHistory(id: number, enabled = true) {
  return useQuery({ ...fieldHistoryOptions(id), enabled });
}
