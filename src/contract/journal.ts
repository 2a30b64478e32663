import { z } from 'zod';
import { apiErrorBodySchema } from './errors';
import { calculatedFieldSchema } from './field';

// The journal (docs/api.md, "The journal"): every change the app makes, single or
// bulk, in either mode, is a change set recorded in the server's SQLite before
// anything is sent, with each field's state before, the request, the outcome and
// its state after. Undo is a change set that puts the recorded states back.
// This is the project's own API, under JOURNAL_BASE; a real instance has none of it.

export { JOURNAL_BASE, journalPaths } from './journal-paths';

/** What a change set does; a workflow names itself so the Activity page can filter by it. */
export const changeKinds = [
  'edit',
  'rename',
  'owner',
  'archive',
  'restore',
  'delete',
  'lock',
  'unlock',
  'undo',
  'remap',
  'replace',
  'merge',
  'handover',
  'cleanup',
] as const;
export const changeKindSchema = z.enum(changeKinds);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/** What one item asks of one field: an update of some properties, or its deletion. */
export const fieldChangeSchema = z.union([
  z.strictObject({
    update: z
      .strictObject({
        name: z.string().optional(),
        expression: z.string().optional(),
        owner: z.number().int().positive().optional(),
        archived: z.boolean().optional(),
        hidden: z.boolean().optional(),
        global: z.boolean().optional(),
        dataType: z.string().optional(),
        locked: z.boolean().optional(),
      })
      .refine((update) => Object.keys(update).length > 0, 'an update must change something'),
  }),
  z.strictObject({ delete: z.literal(true) }),
]);
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/**
 * What a recorded item did: a requested change, or, in an undo, a deleted field
 * created again from its recorded state (its `after`), or (proxy mode, where that
 * field gets a new id) a field that nested it made to name the new id. A repoint
 * is recorded as the update it sends once the restore has answered the new id.
 * Only an undo makes a restore or a repoint.
 */
export const recordedChangeSchema = z.union([
  fieldChangeSchema,
  z.strictObject({ restore: z.literal(true) }),
  z.strictObject({ repoint: z.strictObject({ from: z.number().int().positive() }) }),
]);
export type RecordedChange = z.infer<typeof recordedChangeSchema>;

/** One field in a requested change set. */
export const changeItemRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  change: fieldChangeSchema,
  /**
   * The version the person saw (the editor's opening state): a field that changed
   * since is skipped as `changed-since`, never overwritten.
   */
  basedOn: z
    .strictObject({ checkSum: z.string().optional(), lastModified: z.number().optional() })
    .optional(),
});
export type ChangeItemRequest = z.infer<typeof changeItemRequestSchema>;

export const MAX_CHANGE_SET_ITEMS = 100_000;

/** The most items one page of a change set's (or a kept plan's) items answers. */
export const MAX_ITEMS_PAGE = 1000;

export const changeSetRequestSchema = z.strictObject({
  kind: changeKindSchema,
  note: z.string().max(2000).optional(),
  items: z.array(changeItemRequestSchema).min(1).max(MAX_CHANGE_SET_ITEMS),
  /**
   * A delete of a field that something uses (active links, fields that nest it) is
   * skipped as `used` unless this is true (the person typed the field's name).
   */
  allowUsed: z.boolean().optional(),
  /** An update that leaves the expression INVALID is skipped as `invalid` unless this is true. */
  allowInvalid: z.boolean().optional(),
});
export type ChangeSetRequest = z.infer<typeof changeSetRequestSchema>;

/** Why an item is not sent. */
export const skipReasons = [
  'locked',
  'used',
  'changed-since',
  'not-found',
  'no-change',
  'invalid',
  'forbidden',
] as const;
export const skipReasonSchema = z.enum(skipReasons);
export type SkipReason = z.infer<typeof skipReasonSchema>;

/** One item of a dry run: what would happen to the field, and why not when it would not. */
export const plannedItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  action: z.enum(['change', 'skip']),
  reason: skipReasonSchema.optional(),
  /** Words a person reads: "locked: unlock it first", "used by 3 cards and 1 field". */
  message: z.string().optional(),
  before: calculatedFieldSchema.nullable(),
  /** The field as the change would leave it (derived properties computed); null for a delete. */
  after: calculatedFieldSchema.nullable(),
  /**
   * An undo's repoint (proxy mode): the field nests `from`, which the undo creates
   * again with a new id, and will name that id; `message` says how.
   */
  repoint: z.object({ from: z.number().int() }).optional(),
});
export type PlannedItem = z.infer<typeof plannedItemSchema>;

const planCountsSchema = z.object({
  change: z.number().int(),
  skip: z.number().int(),
  /**
   * An undo's: of its changes, those that make a field name the new id of a field it
   * creates again (proxy mode); absent when there are none.
   */
  repoint: z.number().int().optional(),
});
export type PlanCounts = z.infer<typeof planCountsSchema>;

/** The items a kept plan's answer carries, and the most a page of it may: a page as a list shows it. */
export const PLAN_FIRST_ITEMS = 200;

/**
 * A change set's dry run (or an undo's), kept by the server for the person who asked for
 * it until `expiresAt` (epoch ms): its counts and its first items, the rest read by page,
 * and `POST change-sets {planId}` confirms it without sending it back.
 */
export const keptPlanSchema = z.object({
  id: z.number().int().positive(),
  kind: changeKindSchema,
  counts: planCountsSchema,
  expiresAt: z.number().int(),
  /** The first items (up to PLAN_FIRST_ITEMS), in the request's order. */
  items: z.array(plannedItemSchema),
});
export type KeptPlan = z.infer<typeof keptPlanSchema>;

/** Confirms a kept plan: exactly its changes, each on the version its dry run saw. */
export const planConfirmationSchema = z.strictObject({ planId: z.number().int().positive() });
export type PlanConfirmation = z.infer<typeof planConfirmationSchema>;

/** GET plans/{id}/items: a page of a kept plan's items, those of one `action` only when given. */
export const planItemsQuerySchema = z.strictObject({
  action: z.enum(['change', 'skip']).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_CHANGE_SET_ITEMS).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_ITEMS_PAGE).default(PLAN_FIRST_ITEMS),
});
export type PlanItemsQuery = z.infer<typeof planItemsQuerySchema>;

export const planItemsPageSchema = z.object({
  /** The plan's items of `action` (or all of them), not only this page's. */
  total: z.number().int(),
  items: z.array(plannedItemSchema),
});
export type PlanItemsPage = z.infer<typeof planItemsPageSchema>;

export const changeSetStates = ['running', 'done', 'cancelled', 'incomplete'] as const;
export type ChangeSetState = (typeof changeSetStates)[number];

export const itemStates = ['pending', 'applied', 'failed', 'skipped', 'unknown'] as const;
export type ItemState = (typeof itemStates)[number];

/** What tells one version of a field from the next (`FieldStamp` in undo-rule.ts). */
const fieldStampSchema = z.object({ checkSum: z.string(), lastModified: z.number() });

export const changeSetSummarySchema = z.object({
  id: z.number().int(),
  kind: changeKindSchema,
  note: z.string().nullable(),
  /** The token's name (embedded) or a short hash of it (proxy): never the token. */
  person: z.string(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** `incomplete`: the server stopped while it ran (found so at start-up). */
  state: z.enum(changeSetStates),
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    applied: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    unknown: z.number().int(),
  }),
  /** Set on an undo: the set it undid. */
  undoOf: z.number().int().nullable(),
  /** Set once the set has been undone: the undo's id. */
  undoneBy: z.number().int().nullable(),
  /**
   * The set's field when it holds one, as its item names it, so a list of sets says
   * which field changed without reading the items; null for a set of several.
   */
  onlyField: z
    .object({
      id: z.number().int(),
      name: z.string(),
      /** Its item applied: the field as the set left it (null: the set deleted it). */
      after: fieldStampSchema.nullable().optional(),
      /**
       * In the journal's list: the field now, as the server knows it without asking the
       * instance (its store; behind a proxy, the audit's copy). Absent when it does not.
       * With `after`, the undo rule says whether the field changed since (undo-rule.ts).
       */
      now: fieldStampSchema.optional(),
    })
    .nullable()
    .optional(),
});
export type ChangeSetSummary = z.infer<typeof changeSetSummarySchema>;

export const changeItemSchema = z.object({
  fieldId: z.number().int(),
  fieldName: z.string(),
  state: z.enum(itemStates),
  reason: skipReasonSchema.nullable(),
  /** Why a skipped item was skipped, in words (as the plan said it). */
  message: z.string().nullable().optional(),
  error: apiErrorBodySchema.nullable(),
  change: recordedChangeSchema,
  /** A restored field's id when the instance gave it a new one (proxy mode); null otherwise. */
  newId: z.number().int().nullable().optional(),
  before: calculatedFieldSchema.nullable(),
  after: calculatedFieldSchema.nullable(),
});
export type ChangeItem = z.infer<typeof changeItemSchema>;

export const changeSetDetailSchema = z.object({
  changeSet: changeSetSummarySchema,
  items: z.array(changeItemSchema),
});
export type ChangeSetDetail = z.infer<typeof changeSetDetailSchema>;

/** GET change-sets/{id}/items: a page of the set's items, those in `state` only when given. */
export const changeSetItemsQuerySchema = z.strictObject({
  state: z.enum(itemStates).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_CHANGE_SET_ITEMS).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_ITEMS_PAGE).default(200),
});
export type ChangeSetItemsQuery = z.infer<typeof changeSetItemsQuerySchema>;

export const changeSetItemsPageSchema = z.object({
  /** The set's items in `state` (or all of them), not only this page's. */
  total: z.number().int(),
  items: z.array(changeItemSchema),
});
export type ChangeSetItemsPage = z.infer<typeof changeSetItemsPageSchema>;

/** The most change sets one list request answers. */
export const MAX_CHANGE_SETS_LISTED = 500;

/** GET change-sets: newest first; filters are optional query parameters. */
export const changeSetQuerySchema = z.strictObject({
  person: z.string().max(200).optional(),
  kind: changeKindSchema.optional(),
  /** Epoch milliseconds, inclusive. */
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  fieldId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_CHANGE_SETS_LISTED).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ChangeSetQuery = z.infer<typeof changeSetQuerySchema>;

export const changeSetListSchema = z.object({
  total: z.number().int(),
  changeSets: z.array(changeSetSummarySchema),
});
export type ChangeSetList = z.infer<typeof changeSetListSchema>;

/** An undo refuses each field that changed again since the set; the rest is put back. */
export const undoAnswerSchema = z.object({
  /** The undo's own change set; null on a dry run. */
  changeSet: changeSetSummarySchema.nullable(),
  /**
   * The dry run, kept as a change set's is: its counts and first items, the rest by page
   * (every field before and after is 160 MB at 100,000 fields). Null once the undo is
   * started, whose items are then read as any set's.
   */
  plan: keptPlanSchema.nullable(),
});
export type UndoAnswer = z.infer<typeof undoAnswerSchema>;

/** An undo's dry run's answer: no change set yet, and the kept plan. */
export const undoDryRunAnswerSchema = undoAnswerSchema.extend({
  changeSet: z.null(),
  plan: keptPlanSchema,
});

/** A change set named by its id, who made it and when (enough to link to it on the Activity page). */
const changeSetMentionSchema = z.object({
  changeSetId: z.number().int(),
  person: z.string(),
  at: z.number().int(),
});
export type ChangeSetMention = z.infer<typeof changeSetMentionSchema>;

/** One applied change of a field, with what the undo rule reads of its change set (undo-rule.ts). */
export const fieldVersionSchema = changeSetMentionSchema.extend({
  kind: changeKindSchema,
  state: z.enum(changeSetStates),
  /** The change set that undid this version's set; null while it stands. */
  undoneBy: changeSetMentionSchema.nullable(),
  before: calculatedFieldSchema.nullable(),
  after: calculatedFieldSchema.nullable(),
  /** Fields the set applied, this one included: the undo rule seen from one field reads it. */
  appliedFields: z.number().int(),
});
export const fieldHistorySchema = z.object({ versions: z.array(fieldVersionSchema) });
export type FieldHistory = z.infer<typeof fieldHistorySchema>;

/** Embedded mode: a token's role. Proxy mode: the instance decides; writes need --allow-writes with a held token. */
export const roles = ['reader', 'editor'] as const;
export type Role = (typeof roles)[number];
export const meSchema = z.object({
  person: z.string(),
  role: z.enum(roles),
  canWrite: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
