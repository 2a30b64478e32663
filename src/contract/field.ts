import { z } from 'zod';

export const linkValiditySchema = z.string(); // seen: VALID, ILLEGAL_REFERENCE
export {
  FUNCTION_TEMPLATE,
  ILLEGAL_REFERENCE,
  INVALID,
  VALID,
  isBrokenLink,
  isValidStatus,
} from './field-status';

/**
 * An id in a link or in activeLinks. Production's clients convert these with
 * `String(...)`, so numbers occur: read either, keep the text.
 */
export const linkIdSchema = z.union([z.string(), z.number()]).transform(String);

/** A nested field's id: production may send a link's id as text. */
const nestedIdSchema = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

/**
 * A property the app shows but does not depend on: a value of another shape is
 * read as absent rather than failing the whole field (the tolerant reader).
 */
function optionalExtra<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

export const linkSchema = z.object({
  resource: z.object({
    type: z.string(), // seen: DATA_SOURCE, CARD, FUNCTION_TEMPLATE, VIEW; any other shown as it is
    id: linkIdSchema,
  }),
  visible: z.boolean(),
  active: z.boolean(),
  valid: linkValiditySchema,
});
export type Link = z.infer<typeof linkSchema>;

export const columnPositionSchema = z.object({
  columnName: z.string(),
  columnPosition: z.number().int(),
});
export type ColumnPosition = z.infer<typeof columnPositionSchema>;

/** Production sends `null` or nothing for some fields; read as empty text ("not given"). */
const dataTypeSchema = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/**
 * The complete calculated field, as GET /functions/template/{id} answers it
 * (docs/api.md). Strict about what the app needs; properties it does not know are
 * ignored, and the template's extras of production are read when their shape fits.
 */
export const calculatedFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.number().int(),
  locked: z.boolean(),
  global: z.boolean(),
  expression: z.string(),
  checkSum: z.string(),
  links: z.array(linkSchema),
  legacyId: z.string(),
  lastModified: z.number().int(),
  created: z.number().int(),
  aggregated: z.boolean(),
  analytic: z.boolean(),
  dataType: dataTypeSchema,
  status: z.string(),
  cacheWindow: z.string(),
  columnPositions: z.array(columnPositionSchema),
  functions: z.array(z.string()),
  archived: z.boolean(),
  hidden: z.boolean(),
  variable: z.boolean(),
  /** The ids of the fields it nests; an instance may leave it out, or send them as text. */
  functionTemplateDependencies: optionalExtra(z.array(nestedIdSchema)),
  persistedOnDataSource: optionalExtra(z.boolean().nullable()),
  nonAggregatedColumns: optionalExtra(z.array(z.unknown())),
  certification: optionalExtra(z.object({ state: z.string() }).nullable()),
});
export type CalculatedField = z.infer<typeof calculatedFieldSchema>;

/** activeLinks: link resource type -> ids of that type's active links; types with none left out. */
export const activeLinksSchema = z.record(z.string(), z.array(linkIdSchema));
export type ActiveLinks = z.infer<typeof activeLinksSchema>;

/**
 * One search hit (docs/api.md, search): a subset of the field plus activeLinks, and
 * `variable` and `dataType`, which production also sends and clients read.
 */
export const searchResultItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.number().int(),
  lastModified: z.number().int(),
  created: z.number().int(),
  global: z.boolean(),
  locked: z.boolean(),
  legacyId: z.string(),
  status: z.string(),
  links: z.array(linkSchema),
  archived: z.boolean(),
  activeLinks: activeLinksSchema,
  variable: z.boolean(),
  dataType: dataTypeSchema,
});
export type SearchResultItem = z.infer<typeof searchResultItemSchema>;

export function activeLinksOf(links: readonly Link[]): ActiveLinks {
  const active: ActiveLinks = {};
  for (const link of links) {
    if (!link.active) continue;
    (active[link.resource.type] ??= []).push(link.resource.id);
  }
  return active;
}

/** The search result a complete field gives. */
export function searchItemOf(field: CalculatedField): SearchResultItem {
  return {
    id: field.id,
    name: field.name,
    owner: field.owner,
    lastModified: field.lastModified,
    created: field.created,
    global: field.global,
    locked: field.locked,
    legacyId: field.legacyId,
    status: field.status,
    links: field.links,
    archived: field.archived,
    activeLinks: activeLinksOf(field.links),
    variable: field.variable,
    dataType: field.dataType,
  };
}
