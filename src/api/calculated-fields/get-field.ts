import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CalculatedField, SearchResultItem } from '../../contract/field';
import { calculatedFieldSchema } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { findCachedSearchItem } from './cached-search-items';
import { detailRouteAfterNotFound, rememberDetailRoute } from './detail-route';
import { fieldKeys } from './field-keys';
import { locateFieldById } from './locate-field-by-id';

/**
 * A field as the drawer shows it: complete from the detail route, or only what a
 * search result holds on instances that do not offer details (docs/api.md).
 */
export type FieldDetail =
  | { complete: true; field: CalculatedField }
  | { complete: false; field: SearchResultItem };

/** The instance has no calculated field with this id. */
export class FieldNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`No calculated field has the id ${id}.`);
    this.name = 'FieldNotFoundError';
  }
}

export function isFieldNotFound(error: unknown): error is FieldNotFoundError {
  return error instanceof FieldNotFoundError;
}

/** What a search result alone can tell, on an instance without the detail route. */
async function fromSearchResults(
  id: number,
  client: QueryClient,
  signal?: AbortSignal,
): Promise<FieldDetail> {
  const item = findCachedSearchItem(client, id) ?? (await locateFieldById(id, signal));
  if (!item) throw new FieldNotFoundError(id);
  return { complete: false, field: item };
}

export async function getField(
  id: number,
  client: QueryClient,
  signal?: AbortSignal,
): Promise<FieldDetail> {
  try {
    const field = await requestJson(apiPaths.readField(id), calculatedFieldSchema, { signal });
    rememberDetailRoute(client, 'available');
    return { complete: true, field };
  } catch (error) {
    if (!isApiError(error) || (error.status !== 404 && error.status !== 405)) throw error;
    if (error.status === 405) {
      rememberDetailRoute(client, 'missing');
      return fromSearchResults(id, client, signal);
    }
  }
  const route = await detailRouteAfterNotFound(client, signal);
  if (route === 'missing') return fromSearchResults(id, client, signal);
  throw new FieldNotFoundError(id);
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
