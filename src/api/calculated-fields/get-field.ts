import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CalculatedField, SearchResultItem } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import { ApiError, isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { findCachedSearchItem } from './cached-search-items';
import { fieldKeys } from './field-keys';
import { locateFieldById } from './locate-field-by-id';

/**
 * A field as the drawer shows it: complete from the detail route, or only what a
 * search result holds on instances that do not offer details (contract.md section 5).
 */
export type FieldDetail =
  { complete: true; field: CalculatedField } | { complete: false; field: SearchResultItem };

const fieldNotFoundMessage = 'no calculated field has the id';

function fieldNotFound(id: number): ApiError {
  return new ApiError('http', `No calculated field has the id ${id}.`, 404, {
    status: 404,
    statusReason: 'Not Found',
    message: `${fieldNotFoundMessage} ${id}`,
    path: apiPaths.template(id),
  });
}

export function isFieldNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 404 &&
    (error.body?.message.startsWith(fieldNotFoundMessage) ?? false)
  );
}

/** 405, or a 404 that is not about the field: the route itself is missing. */
function detailsUnavailable(error: unknown): boolean {
  return (
    isApiError(error) && (error.status === 405 || (error.status === 404 && !isFieldNotFound(error)))
  );
}

export async function getField(
  id: number,
  client: QueryClient,
  signal?: AbortSignal,
): Promise<FieldDetail> {
  try {
    const field = await requestJson<CalculatedField>(apiPaths.template(id), { signal });
    return { complete: true, field };
  } catch (error) {
    if (!detailsUnavailable(error)) throw error;
  }
  const item = findCachedSearchItem(client, id) ?? (await locateFieldById(id, signal));
  if (!item) throw fieldNotFound(id);
  return { complete: false, field: item };
}

export function fieldQueryOptions(id: number) {
  return queryOptions({
    queryKey: fieldKeys.detail(id),
    queryFn: ({ client, signal }) => getField(id, client, signal),
  });
}

export function useField(id: number) {
  return useQuery(fieldQueryOptions(id));
}
