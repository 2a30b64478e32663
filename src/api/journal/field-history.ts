import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldHistory } from '../../contract/journal';
import { fieldHistorySchema, journalPaths } from '../../contract/journal';
import { requestJson } from '../http-client';
import { journalKeys } from './journal-keys';

export function getFieldHistory(id: number, signal?: AbortSignal): Promise<FieldHistory> {
  return requestJson(journalPaths.fieldHistory(id), fieldHistorySchema, { signal });
}

export function fieldHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: journalKeys.fieldHistory(id),
    queryFn: ({ signal }) => getFieldHistory(id, signal),
  });
}

export function useFieldHistory(id: number) {
  return useQuery(fieldHistoryQueryOptions(id));
}
