import { z } from 'zod';

export const linkValiditySchema = z.string(); // seen: VALID, ILLEGAL_REFERENCE
export const VALID = 'VALID';
export const ILLEGAL_REFERENCE = 'ILLEGAL_REFERENCE';
export const INVALID = 'INVALID';
/** The link type of a field this one nests (docs/expressions.md, nested references). */
export const FUNCTION_TEMPLATE = 'FUNCTION_TEMPLATE';

/** A field whose status is anything but VALID is invalid (instances may name other states). */
export function isValidStatus(status: string): boolean {
  return status === VALID;
}

/** A link is broken when its validity is anything but VALID, e.g. ILLEGAL_REFERENCE. */
export function isBrokenLink(link: { valid: string }): boolean {
  return link.valid !== VALID;
}

export const linkSchema = z.object({
  resource: z.object({
    type: z.string(), // seen: DATA_SOURCE, CARD
    id: z.string(),
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

/** The complete calculated field, as GET /functions/template/{id} answers it (docs/api.md). */
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
  dataType: z.string(),
  status: z.string(),
  cacheWindow: z.string(),
  columnPositions: z.array(columnPositionSchema),
  functions: z.array(z.string()),
  /** The ids of the fields it nests; an instance may leave it out. */
  functionTemplateDependencies: z.array(z.number().int()).optional(),
  archived: z.boolean(),
  hidden: z.boolean(),
  variable: z.boolean(),
});
export type CalculatedField = z.infer<typeof calculatedFieldSchema>;

/** activeLinks: link resource type -> ids of that type's active links; types with none left out. */
export const activeLinksSchema = z.record(z.string(), z.array(z.string()));
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
  dataType: z.string(),
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
