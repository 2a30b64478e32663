import type { QueryClient } from '@tanstack/react-query';
import { calculatedFieldSchema } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';
import { cachedSearchItems } from './cached-search-items';
import { fieldKeys } from './field-keys';
import { searchFields } from './search-fields';

/** Whether the instance answers GET /functions/template/{id}, once known for this session. */
type DetailRoute = 'available' | 'missing';

// Kept in the query cache, so it is forgotten with everything else when the session ends.
const detailRouteKey = [...fieldKeys.all, 'detail-route'] as const;

export function knownDetailRoute(client: QueryClient): DetailRoute | undefined {
  return client.getQueryData<DetailRoute>(detailRouteKey);
}

export function rememberDetailRoute(client: QueryClient, route: DetailRoute): void {
  client.setQueryData<DetailRoute>(detailRouteKey, route);
}

/** The id of some field the instance has: one already in the cache, else the first by name. */
async function someExistingId(client: QueryClient, signal?: AbortSignal) {
  const cached = cachedSearchItems(client)[0];
  if (cached) return cached.id;
  const page = await searchFields(
    { filters: [], sort: { field: 'name', ascending: true }, limit: 1 },
    signal,
  );
  return page.results[0]?.id;
}

/**
 * Tells, after a 404 from the detail route, whether the route exists: by status,
 * never by the words of a message. A route that answered before exists; otherwise
 * the detail of a field known to exist is asked for once. An instance with no
 * fields at all has nothing to find either way.
 */
export async function detailRouteAfterNotFound(
  client: QueryClient,
  signal?: AbortSignal,
): Promise<DetailRoute | 'empty'> {
  const known = knownDetailRoute(client);
  if (known) return known;
  const existing = await someExistingId(client, signal);
  if (existing === undefined) return 'empty';
  try {
    await requestJson(apiPaths.readField(existing), calculatedFieldSchema, { signal });
    rememberDetailRoute(client, 'available');
    return 'available';
  } catch (error) {
    if (!isApiError(error) || (error.status !== 404 && error.status !== 405)) throw error;
    rememberDetailRoute(client, 'missing');
    return 'missing';
  }
}
