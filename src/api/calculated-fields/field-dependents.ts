import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../contract/search';
import { DEPENDENTS_FILTER } from '../../contract/search';
import { isApiError } from '../api-error';
import { fieldKeys } from './field-keys';
import { searchFields } from './search-fields';

/** How many dependents the drawer lists; the total is always said. */
export const DEPENDENTS_SHOWN = 100;

export type FieldDependents = { supported: true; page: SearchResponse } | { supported: false };

/**
 * The fields whose expression references field `id`, by name order, through the
 * templateDependencies filter that production offers. An instance that refuses the
 * filter (400) answers `supported: false`.
 */
export async function getFieldDependents(
  id: number,
  signal?: AbortSignal,
): Promise<FieldDependents> {
  try {
    const page = await searchFields(
      {
        filters: [{ field: DEPENDENTS_FILTER, value: String(id) }],
        sort: { field: 'name', ascending: true },
        limit: DEPENDENTS_SHOWN,
      },
      signal,
    );
    return { supported: true, page };
  } catch (error) {
    if (isApiError(error) && error.status === 400) return { supported: false };
    throw error;
  }
}

export function fieldDependentsOptions(id: number) {
  return queryOptions({
    queryKey: fieldKeys.dependents(id),
    queryFn: ({ signal }) => getFieldDependents(id, signal),
  });
}

export function useFieldDependents(id: number) {
  return useQuery(fieldDependentsOptions(id));
}
