import { productionFlagFilters } from './search';

/**
 * What this project sends to a real instance, the server itself and the app
 * through the proxy alike (docs/api.md, "What is sent to an instance").
 * Production is known to accept these filters and sorts: the filters of the
 * interface and those published client scripts send, and the sorts its own
 * interface offers (`name`) and scripts use (`created`). The project's own
 * filters (`ondataset`, `invisualization`) and the `id` sort are not in it.
 * `lastModified` is sent only after the instance has shown that it sorts by it.
 */
export const upstreamFilterNames: ReadonlySet<string> = new Set([
  ...productionFlagFilters.flatMap((flag) => [flag, `not${flag}`]),
  'inactive',
  'owner',
  'dataset',
  'card',
  'status',
  'function',
  'templatedependencies',
]);

export const upstreamSortFields: ReadonlySet<string> = new Set(['name', 'created']);
/** Sent only once the instance has shown it sorts by it (the audit's incremental scan detects it). */
export const detectedSortFields: ReadonlySet<string> = new Set(['lastModified']);

export interface UpstreamSearchBody {
  filters: Array<{
    field: string;
    idList?: Array<string | number>;
    value?: boolean | string | number;
  }>;
  sort: { field: string; ascending: boolean };
  limit: number;
  offset?: number;
  name?: string;
}

/**
 * What of a search production is not known to accept: the filters outside the
 * list above and a sort it does not offer, each named as the search spells it;
 * empty when the instance can be sent the search as it is.
 */
export function unacceptedBySearch(
  search: { filters: ReadonlyArray<{ field: string }>; sort: { field: string } },
  lastModifiedSortWorks = false,
): string[] {
  const unaccepted = search.filters
    .filter((filter) => !upstreamFilterNames.has(filter.field.toLowerCase()))
    .map((filter) => `the filter ${filter.field}`);
  const sortAccepted =
    upstreamSortFields.has(search.sort.field) ||
    (lastModifiedSortWorks && detectedSortFields.has(search.sort.field));
  if (!sortAccepted) unaccepted.push(`the sort by ${search.sort.field}`);
  return unaccepted;
}

/** Throws when a search this server is about to send uses a filter or sort outside the lists above. */
export function assertAllowedSearch(body: UpstreamSearchBody, lastModifiedSortWorks = false): void {
  const unaccepted = unacceptedBySearch(body, lastModifiedSortWorks);
  if (unaccepted.length > 0)
    throw new Error(`${unaccepted.join(' and ')}: not what this instance is known to accept`);
}

/** Whether every filter of a search is one production is known to accept. */
export function usesOnlyUpstreamFilters(filters: ReadonlyArray<{ field: string }>): boolean {
  return filters.every((filter) => upstreamFilterNames.has(filter.field.toLowerCase()));
}

/**
 * The query parameters the proxy passes on, by route: the documented form of
 * reading a field is `GET /functions/template/{id}?hidden=true`. Anything else in
 * a query string is dropped.
 */
export const upstreamTemplateQuery = { hidden: ['true', 'false'] } as const;
