import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_BASE } from '../../contract/audit';
import type { FunctionsAnswer } from '../../contract/audit-functions';
import { functionsAnswerSchema } from '../../contract/audit-functions';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { auditKeys } from '../audit/audit-keys';

/** How many function names a picker suggests at once. */
const SUGGESTIONS = 50;

/** `scanned: false` before the audit's first scan has completed: nothing is known yet. */
export type FunctionUsageAnswer = { scanned: false } | ({ scanned: true } & FunctionsAnswer);

/** The functions the instance's fields use whose name contains `name`, most used first. */
export async function getFunctionUsage(
  name: string,
  signal?: AbortSignal,
): Promise<FunctionUsageAnswer> {
  const query = new URLSearchParams({ limit: String(SUGGESTIONS) });
  if (name) query.set('name', name);
  try {
    const answer = await requestJson(`${AUDIT_BASE}/functions?${query}`, functionsAnswerSchema, {
      signal,
    });
    return { scanned: true, ...answer };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { scanned: false };
    throw error;
  }
}

export function useFunctionUsage(name: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: auditKeys.functions(name),
    queryFn: ({ signal }) => getFunctionUsage(name, signal),
    staleTime: 60_000,
    // Typing keeps the last suggestions on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
