import { z } from 'zod';
import { changeItemRequestSchema, changeKindSchema } from './journal';
import { searchRequestValidation } from './search-validation';

// Workflows from finding to fix (docs/api.md, "Workflows"): each route here only
// previews, from the audit's copy of the instance, and answers the `items` of a
// change set for the journal; nothing is sent to the instance from here.

export const WORKFLOWS_BASE = '/api/workflows/v1';

export const workflowPaths = {
  columnImpact: `${WORKFLOWS_BASE}/column-impact`,
  remap: `${WORKFLOWS_BASE}/remap/preview`,
  replace: `${WORKFLOWS_BASE}/replace/preview`,
  merge: `${WORKFLOWS_BASE}/merge/preview`,
  mergeGroup: `${WORKFLOWS_BASE}/merge/group`,
  handover: `${WORKFLOWS_BASE}/handover/preview`,
  cleanup: `${WORKFLOWS_BASE}/cleanup/preview`,
  hiddenNames: `${WORKFLOWS_BASE}/hidden-names/preview`,
} as const;

const MAX_IDS = 100_000;
const name = z.string().min(1).max(500);
const ids = z.array(z.number().int().positive()).max(MAX_IDS);

export const columnRequestSchema = z.strictObject({
  dataSourceId: z.string().min(1).max(200),
  column: name.refine((text) => !text.includes('`'), 'a column name cannot hold a backtick'),
});
export type ColumnRequest = z.infer<typeof columnRequestSchema>;

export const remapRequestSchema = columnRequestSchema.extend({
  to: name.refine((text) => !text.includes('`'), 'a column name cannot hold a backtick'),
  /** A chosen subset of the fields that reference the column; all of them when left out. */
  fieldIds: ids.optional(),
});
export type RemapRequest = z.infer<typeof remapRequestSchema>;

/** The table's filters, sort and text, without paging: every field they match. */
export const scopeSearchSchema = searchRequestValidation.omit({ limit: true, offset: true });

export const replaceRequestSchema = z.strictObject({
  find: z.string().min(1).max(500),
  replace: z.string().max(2000),
  regex: z.boolean().default(false),
  matchCase: z.boolean().default(false),
  /** Leave strings and comments alone. */
  codeOnly: z.boolean().default(true),
  /** The fields to look in: the table's selection, or its current search. */
  scope: z.union([
    z.strictObject({ ids: ids.min(1) }),
    z.strictObject({ search: scopeSearchSchema }),
  ]),
});
export type ReplaceRequest = z.input<typeof replaceRequestSchema>;

export const mergeRequestSchema = z.strictObject({
  /** The fields of one duplicate group: their ids, or the group of the audit's finding. */
  fieldIds: ids.min(2).max(1000).optional(),
  group: z
    .strictObject({
      finding: z.enum(['exact-duplicates', 'near-duplicates']),
      key: z.string().min(1).max(500),
    })
    .optional(),
  /** The one to keep; the plan suggests one when left out. */
  keep: z.number().int().positive().optional(),
  /** What becomes of the others once nothing nests them. */
  others: z.enum(['archive', 'delete']).default('archive'),
});
export type MergeRequest = z.input<typeof mergeRequestSchema>;

/** The fields of a duplicate group, to choose the one to keep from. */
export const mergeGroupRequestSchema = mergeRequestSchema.pick({ fieldIds: true, group: true });
export type MergeGroupRequest = z.infer<typeof mergeGroupRequestSchema>;

export const mergeGroupSchema = z.object({
  fields: z.array(
    z.object({ id: z.number().int(), name: z.string(), activeLinks: z.number().int() }),
  ),
  /** The one the plan keeps unless the person chooses: most active links. */
  suggested: z.number().int(),
});
export type MergeGroup = z.infer<typeof mergeGroupSchema>;

/**
 * The key of a group of the broken-references finding: where the column is
 * missing, and which. Written by the finding, read by the remap it starts.
 */
export function brokenReferenceGroupKey(
  placeType: string,
  placeId: string,
  column?: string,
): string {
  return `${placeType} ${placeId}\n${column ?? ''}`;
}

/** The data source and column of a broken-references group, when a remap can start from it. */
export function remapTargetOfGroup(key: string): ColumnRequest | undefined {
  const match = /^DATA_SOURCE (.+)\n(.+)$/s.exec(key);
  return match ? { dataSourceId: match[1]!, column: match[2]! } : undefined;
}

export const handoverRequestSchema = z.strictObject({
  /** The departed owner whose fields are handed over. */
  from: z.number().int().positive(),
  /** One person for every field; when left out, each field goes to its place's owner. */
  to: z.number().int().positive().optional(),
});
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

export const cleanupRequestSchema = z
  .strictObject({
    action: z.enum(['archive', 'delete']).default('archive'),
    /** A field changed within this many days is skipped. */
    recentDays: z.number().int().min(0).max(3650).default(30),
    /**
     * A delete takes the archived fields that nothing uses too: the Unused finding leaves
     * them out, as archived is retired already.
     */
    includeArchived: z.boolean().default(false),
    /** A subset of the Unused finding (and of those archived, when included); all when left out. */
    fieldIds: ids.optional(),
  })
  .refine((request) => !request.includeArchived || request.action === 'delete', {
    message: 'only a delete can include fields archived already',
    path: ['includeArchived'],
  });
export type CleanupRequest = z.input<typeof cleanupRequestSchema>;

export const hiddenNamesRequestSchema = z
  .strictObject({
    /** Fields of the finding "Hidden characters in names"; the whole finding when neither is given. */
    fieldIds: ids.min(1).optional(),
    /** One group of that finding: a character (`U+202E`) or the look-alikes. */
    group: z
      .strictObject({
        finding: z.literal('hidden-name-characters'),
        key: z.string().min(1).max(500),
      })
      .optional(),
  })
  .refine((request) => !(request.fieldIds && request.group), {
    message: 'name the fields or one group, not both',
    path: ['group'],
  });
export type HiddenNamesRequest = z.infer<typeof hiddenNamesRequestSchema>;

const span = z.object({ start: z.number().int(), end: z.number().int() });

/** One field of a preview: what a person reads, and what the change set would ask. */
export const previewItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  action: z.enum(['change', 'skip']),
  /** Why it is skipped, in words: "locked: unlock it first". */
  reason: z.string().optional(),
  /** Expressions before and after, with the replaced spans of each, for a diff. */
  before: z.string().optional(),
  after: z.string().optional(),
  removed: z.array(span).optional(),
  added: z.array(span).optional(),
  /** What the analyzer and the data source's columns say of the result; empty when VALID. */
  problems: z.array(z.string()).optional(),
  status: z.enum(['VALID', 'INVALID']).optional(),
  /** INVALID before the change too. */
  wasInvalid: z.boolean().optional(),
  /** Hand-over: to whom (name) and by which rule. */
  to: z.string().optional(),
  rule: z.string().optional(),
  /** Where the field lives, by name. */
  place: z.string().optional(),
  /** Clean up: the field is archived already, deleted because the request included those. */
  archived: z.boolean().optional(),
  /** A rename: the name after (`name` is the name before). */
  newName: z.string().optional(),
});
export type PreviewItem = z.infer<typeof previewItemSchema>;

export const workflowPreviewSchema = z.object({
  kind: changeKindSchema,
  /** Words for the top of the preview. */
  summary: z.string(),
  items: z.array(previewItemSchema),
  /** What to post to the journal's change sets, with `kind`, once the person agrees. */
  changes: z.array(changeItemRequestSchema),
  counts: z.object({ change: z.number().int(), skip: z.number().int(), invalid: z.number().int() }),
  /** Merge: cards that still use a field that goes, by name, for a person to move. */
  cards: z
    .array(z.object({ id: z.string(), title: z.string(), fieldIds: z.array(z.number()) }))
    .optional(),
  /** Merge: the field suggested or chosen to keep. */
  keep: z.number().int().optional(),
});
export type WorkflowPreview = z.infer<typeof workflowPreviewSchema>;

export const columnImpactSchema = z.object({
  dataSource: z.string(),
  column: z.string(),
  direct: z.array(z.object({ id: z.number().int(), name: z.string() })),
  transitive: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cards: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Other columns of the data source, for choosing a remap target. */
  columns: z.array(z.string()),
});
export type ColumnImpact = z.infer<typeof columnImpactSchema>;
