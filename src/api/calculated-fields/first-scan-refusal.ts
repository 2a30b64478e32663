import { isApiError } from '../api-error';

/**
 * A search that a proxy cannot answer until its first scan of the instance has
 * completed: a sort or filter the instance does not know (docs/proxy.md, "Before the
 * first scan"). Searches are refused with 409 for nothing else.
 */
export function searchWaitsForFirstScan(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 409;
}
