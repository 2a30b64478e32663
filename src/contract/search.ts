import { z } from 'zod';
import { copySortFields } from './copy-orders';
import { searchResultItemSchema } from './field';
import { NAME_MAX_LENGTH, SEARCH_LIMIT_MAX } from './search-limits';

export { NAME_MAX_LENGTH, SEARCH_LIMIT_MAX } from './search-limits';

/**
 * Production sorts by name, created, last modified and id; the rest are this
 * project's, answered from this server's copy (contract/copy-orders.ts).
 */
export const sortFields = ['name', 'created', 'lastModified', 'id', ...copySortFields] as const;
export type SortField = (typeof sortFields)[number];

/** The flag filters production's own interface and its published clients send. */
export const productionFlagFilters = [
  'variable',
  'locked',
  'archived',
  'global',
  'hidden',
  'aggregated',
  'invalid',
  'invalidlink',
  'active',
  // Another calculated field nests this one (docs/expressions.md, nested references).
  'nested',
] as const;

/** Flag filters: `{field: F}`, each also negated with the prefix `not`. */
export const flagFilters = [
  ...productionFlagFilters,
  // This project's additions, matching the statistics: a visible DATA_SOURCE link
  // (onDatasets; `notondataset` is onCards) and an active CARD link (inVisualizations).
  'ondataset',
  'invisualization',
] as const;
export type FlagFilter = (typeof flagFilters)[number];

/** List filters: `{field: F, idList: [...]}` with a non-empty idList. */
export const listFilters = ['owner', 'dataset', 'card', 'status', 'function'] as const;
export type ListFilter = (typeof listFilters)[number];

/**
 * `{field: "templateDependencies", value: id}`: the fields that nest field `id`
 * directly, still after that field is deleted.
 */
export const DEPENDENTS_FILTER = 'templateDependencies' as const;

/** Every flag filter and its negation: `locked`, `notlocked`, ... */
export const flagFilterNames = flagFilters.flatMap((flag) => [flag, `not${flag}` as const]);

const idSchema = z.union([z.string(), z.number()]);

/**
 * A filter as a client sends it (docs/api.md, "Filters"). Names are written as
 * here; the service also accepts them in any case, as production does.
 */
export const searchFilterSchema = z.union([
  z.strictObject({ field: z.enum(flagFilterNames) }),
  z.strictObject({ field: z.literal('inactive'), value: z.boolean().optional() }),
  z.strictObject({ field: z.enum(listFilters), idList: z.array(idSchema).min(1) }),
  z.strictObject({ field: z.literal(DEPENDENTS_FILTER), value: idSchema }),
]);
export type SearchFilter = z.infer<typeof searchFilterSchema>;

/** The search body as a client sends it. The service's own validation is in search-validation.ts. */
export const searchRequestSchema = z.strictObject({
  filters: z.array(searchFilterSchema),
  sort: z.strictObject({ field: z.enum(sortFields), ascending: z.boolean() }),
  limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX),
  name: z.string().max(NAME_MAX_LENGTH).optional(),
  offset: z.number().int().min(0).optional(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/**
 * Where a search answered in proxy mode came from (docs/proxy.md). A project
 * extension: a real instance, and this server in embedded mode, send none.
 * - `snapshot`: this server's copy of the instance, totally ordered; `asOf` is when
 *   the instance was last asked what changed (epoch ms), `refreshEveryMs` how often
 *   a search asks again at most, `checkingDeletions` that a sweep for deleted fields
 *   is running, `refreshError` why the last refresh failed (the copy is then older).
 * - `instance`: straight from the instance, because no complete copy exists yet; its
 *   order of equal names may change between pages.
 */
export const instanceDataSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('snapshot'),
    asOf: z.number(),
    refreshEveryMs: z.number(),
    checkingDeletions: z.boolean(),
    refreshError: z.string().max(600).optional(),
    /**
     * Answered from a listing of the instance's search results taken at `asOf`,
     * before the first scan has completed: not refreshed until it has.
     */
    listedOnly: z.boolean().optional(),
  }),
  z.object({
    source: z.literal('instance'),
    firstScanRunning: z.boolean(),
  }),
]);
export type InstanceData = z.infer<typeof instanceDataSchema>;

export const searchResponseSchema = z.object({
  totalHits: z.number().int(),
  results: z.array(searchResultItemSchema),
  hasMore: z.boolean(),
  degraded: z.boolean(),
  instanceData: instanceDataSchema.optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
