import { z } from 'zod';
import { preview, previewKeys } from './preview';
import { searchResponseSchema } from './search';
import { readRows } from './search-page';
import { searchRequestValidation } from './search-validation';
import { statisticsSchema } from './statistics';
import { findingKeys } from './finding-kinds';
import type { FindingKey } from './finding-kinds';
import { AUDIT_PAGE_MAX } from './audit-paths';

export { AUDIT_BASE, AUDIT_PAGE_MAX } from './audit-paths';

export const scanStates = ['running', 'complete', 'failed', 'cancelled'] as const;
export type ScanState = (typeof scanStates)[number];

/** listing: paging through search results; reading: fetching the fields that changed. */
export const scanPhases = ['listing', 'reading', 'done'] as const;
export type ScanPhase = (typeof scanPhases)[number];

export const scanTriggers = ['manual', 'schedule'] as const;
export type ScanTrigger = (typeof scanTriggers)[number];

/** The numbers the audit page leads with, kept with each complete scan for the trend. */
export const headlineSchema = z.object({
  total: z.number().int(),
  locked: z.number().int(),
  archived: z.number().int(),
  invalid: z.number().int(),
  brokenReferences: z.number().int(),
  unused: z.number().int(),
  exactDuplicates: z.number().int(),
  nearDuplicates: z.number().int(),
  nested: z.number().int(),
  brokenDependencies: z.number().int(),
  lint: z.number().int(),
  inactiveOwners: z.number().int(),
  hiddenNameCharacters: z.number().int(),
});
export type Headline = z.infer<typeof headlineSchema>;

/**
 * A scan's headline as kept in the audit file: scans completed before the audit counted
 * inactive owners, or hidden characters in names, have no number for them, nor those
 * that counted archived fields as unused and duplicates (the audit file's schema 6
 * took those numbers out); the page says that finding was not counted then.
 */
export const recordedHeadlineSchema = headlineSchema.partial({
  unused: true,
  exactDuplicates: true,
  nearDuplicates: true,
  inactiveOwners: true,
  hiddenNameCharacters: true,
});
export type RecordedHeadline = z.infer<typeof recordedHeadlineSchema>;

export const scanProgressSchema = z.object({
  /** Fields the listing has found so far. */
  listed: z.number().int(),
  /** Fields that are new or changed since the last scan, so must be read. */
  toRead: z.number().int(),
  read: z.number().int(),
  /** Requests made to the instance (proxy mode), and how many were tried again. */
  requests: z.number().int(),
  retries: z.number().int(),
});

export const scanSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(scanTriggers),
  state: z.enum(scanStates),
  phase: z.enum(scanPhases),
  started: z.number().int(),
  finished: z.number().int().optional(),
  progress: scanProgressSchema,
  /** Why it failed, or what it waits for (an instance asking to slow down). */
  message: z.string().optional(),
  /** Fields in the snapshot; for a running scan, the fields it has so far. */
  fields: z.number().int(),
  /** Bytes of field versions this scan stored that no earlier scan had. */
  newBytes: z.number().int(),
  headline: recordedHeadlineSchema.optional(),
});
export type Scan = z.infer<typeof scanSchema>;

export {
  duplicateRule,
  findingKeys,
  findingRules,
  findingTitles,
  problemsTableFindings,
  unusedRule,
} from './finding-kinds';
export type { FindingKey, FindingScope } from './finding-kinds';

/**
 * The headline number that counts each finding's fields, for the trend and the change
 * since a scan. Every finding has one unless `findingsWithoutHeadline` says why not
 * (contract/finding-headlines.test.ts holds each finding to that).
 */
export const findingHeadlines: Partial<Record<FindingKey, keyof Headline>> = {
  invalid: 'invalid',
  'broken-references': 'brokenReferences',
  unused: 'unused',
  'exact-duplicates': 'exactDuplicates',
  'near-duplicates': 'nearDuplicates',
  nested: 'nested',
  'broken-dependencies': 'brokenDependencies',
  lint: 'lint',
  'inactive-owners': 'inactiveOwners',
  'hidden-name-characters': 'hiddenNameCharacters',
};

/** Findings deliberately given no headline number, each with the reason: none so far. */
export const findingsWithoutHeadline: Partial<Record<FindingKey, string>> = {};

/** What changed about one field between two scans (docs/audit.md, "Change over time"). */
export const changeKinds = [
  'added',
  'removed',
  'became-invalid',
  'fixed',
  'locked',
  'unlocked',
  'expression',
  'owner',
  'renamed',
  'other',
] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** The parts of a field a diff shows side by side. */
export const fieldStateSchema = z.object({
  name: z.string(),
  owner: z.number().int(),
  status: z.string(),
  locked: z.boolean(),
  expression: z.string(),
});
export type FieldState = z.infer<typeof fieldStateSchema>;

/** A change set of the journal that made (part of) a field's change between two scans. */
export const changeAuthorSchema = z.object({
  changeSetId: z.number().int(),
  /** The token's name, or a short hash of it in proxy mode (as the journal records it). */
  person: z.string(),
  /** When the change set was recorded, epoch milliseconds. */
  at: z.number().int(),
});
export type ChangeAuthor = z.infer<typeof changeAuthorSchema>;

export const fieldChangeSchema = z.object({
  id: z.number().int(),
  /** The name in the later scan, or the earlier one for a removed field. */
  name: z.string(),
  kinds: z.array(z.enum(changeKinds)),
  before: fieldStateSchema.optional(),
  after: fieldStateSchema.optional(),
  /**
   * Who made the change and when, oldest first, where the journal recorded it;
   * absent for a change made outside this app.
   */
  changedBy: z.array(changeAuthorSchema).optional(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** How many fields changed in each way; one field can count under several kinds. */
export const diffCountsSchema = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  'became-invalid': z.number().int(),
  fixed: z.number().int(),
  locked: z.number().int(),
  unlocked: z.number().int(),
  expression: z.number().int(),
  owner: z.number().int(),
  renamed: z.number().int(),
  other: z.number().int(),
  /** Fields with any change at all. */
  changed: z.number().int(),
});
export type DiffCounts = z.infer<typeof diffCountsSchema>;

/** GET /status: the audit at a glance. */
export const auditStatusSchema = z.object({
  mode: z.enum(['embedded', 'proxy']),
  /** What is audited: this server's store, or the instance's address. */
  instance: z.string(),
  latestScan: scanSchema.optional(),
  runningScan: scanSchema.optional(),
  /** The schedule (`--scan-every`), and when the next scheduled scan is due. */
  scanEveryMs: z.number().optional(),
  nextScanAt: z.number().optional(),
  /** Complete scans kept, and how many there are. */
  keep: z.number().int(),
  scanCount: z.number().int(),
  /** Bytes the audit's file takes on disk. */
  diskBytes: z.number(),
  /** Fields changed through this server since the latest scan. */
  changesSinceScan: z.number().int(),
  /** Moves whenever the findings change, so a page knows when to ask again. */
  version: z.number().int(),
});
export type AuditStatus = z.infer<typeof auditStatusSchema>;

export const findingGroupSummarySchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Duplicates: what the fields are and where they live ("variables on data source Sales"). */
  where: z.string().optional(),
  count: z.number().int(),
});
export type FindingGroupSummary = z.infer<typeof findingGroupSummarySchema>;

export const findingSummarySchema = z.object({
  key: z.enum(findingKeys),
  title: z.string(),
  rule: z.string(),
  count: z.number().int(),
  groupCount: z.number().int(),
  /** The largest groups; GET /findings/{key}/groups pages through all of them. */
  groups: z.array(findingGroupSummarySchema),
});
export type FindingSummary = z.infer<typeof findingSummarySchema>;

/** One owner's or data source's fields with problems, per finding. */
export const problemsRowSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  fields: z.number().int(),
  counts: z.record(z.enum(findingKeys), z.number().int()),
});
export type ProblemsRow = z.infer<typeof problemsRowSchema>;

const problemsTableSchema = z.object({ rows: z.array(problemsRowSchema), total: z.number().int() });

export const findingsAnswerSchema = z.object({
  scanId: z.number().int(),
  scanFinished: z.number(),
  changesSinceScan: z.number().int(),
  version: z.number().int(),
  headline: headlineSchema,
  /** False when column lists were inferred from the fields (an instance without the directory). */
  columnsKnown: z.boolean(),
  /**
   * Archived fields that nothing uses: Unused leaves them out (archiving was its fix),
   * and a clean-up's delete may take them. No headline number counts them.
   */
  archivedUnused: z.number().int(),
  findings: z.array(findingSummarySchema),
  owners: problemsTableSchema,
  dataSources: problemsTableSchema,
});
export type FindingsAnswer = z.infer<typeof findingsAnswerSchema>;

/** A field a finding names; `name` and `status` are absent for an id no field has. */
export const findingFieldSchema = z.object({
  id: z.number().int(),
  name: z.string().optional(),
  status: z.string().optional(),
});
export type FindingField = z.infer<typeof findingFieldSchema>;

/** What makes a finding hold for one field, where there is more to it than the rule. */
export const fieldFindingCauseSchema = z.discriminatedUnion('kind', [
  z.object({
    /** A broken dependency: the field depended on, the fields between, and why it is broken. */
    kind: z.literal('dependency'),
    broken: findingFieldSchema,
    /** The fields from this one's nested field down to the broken one, in order; empty when direct. */
    through: z.array(findingFieldSchema),
    /** The broken field's first problem (its position when the analyzer names one). */
    problem: z.object({ message: z.string(), position: z.number().int().optional() }).optional(),
  }),
  z.object({
    /** A duplicate: the other fields of its group, the first few. */
    kind: z.literal('others'),
    fields: z.array(findingFieldSchema),
    /** How many more the group holds. */
    more: z.number().int(),
  }),
]);
export type FieldFindingCause = z.infer<typeof fieldFindingCauseSchema>;

/** One finding of the latest scan for one field: the rule, the field's groups, and why. */
export const fieldFindingSchema = z.object({
  key: z.enum(findingKeys),
  title: z.string(),
  rule: z.string(),
  /** The groups the field is in, in words (a lint rule, an owner, a depth). */
  groups: z.array(findingGroupSummarySchema.omit({ count: true })),
  /** What the finding says of this field, where it says more than the rule. */
  note: z.string().optional(),
  cause: fieldFindingCauseSchema.optional(),
});
export type FieldFinding = z.infer<typeof fieldFindingSchema>;

/** GET /fields/{id}/findings: every finding of the instance as last seen for one field. */
export const fieldFindingsAnswerSchema = z.object({
  fieldId: z.number().int(),
  scanId: z.number().int(),
  scanFinished: z.number(),
  version: z.number().int(),
  /** False when the instance as last seen has no such field (newer than the scan, or gone). */
  seen: z.boolean(),
  findings: z.array(fieldFindingSchema),
});
export type FieldFindingsAnswer = z.infer<typeof fieldFindingsAnswerSchema>;

/** Which findings hold one field, and what each says of it: a line of an export. */
export const fieldFindingKeysSchema = z.object({
  fieldId: z.number().int(),
  /** False when the instance as last seen has no such field (newer than the scan, or gone). */
  seen: z.boolean(),
  findings: z.array(z.object({ key: z.enum(findingKeys), note: z.string().optional() })),
});
export type FieldFindingKeys = z.infer<typeof fieldFindingKeysSchema>;

/** POST /fields/findings: the findings of a page of fields at once, in the order asked. */
export const fieldsFindingsAnswerSchema = z.object({
  scanId: z.number().int(),
  scanFinished: z.number(),
  version: z.number().int(),
  fields: z.array(fieldFindingKeysSchema),
});
export type FieldsFindingsAnswer = z.infer<typeof fieldsFindingsAnswerSchema>;

/** GET /statistics: the statistics counted over the latest scan and the changes since. */
export const snapshotStatisticsAnswerSchema = z.object({
  scanFinished: z.number(),
  changesSinceScan: z.number().int(),
  statistics: statisticsSchema,
});
export type SnapshotStatisticsAnswer = z.infer<typeof snapshotStatisticsAnswerSchema>;

export const findingGroupsAnswerSchema = z.object({
  totalHits: z.number().int(),
  groups: z.array(findingGroupSummarySchema),
  hasMore: z.boolean(),
});
export type FindingGroupsAnswer = z.infer<typeof findingGroupsAnswerSchema>;

export const trendPointSchema = z.object({
  scanId: z.number().int(),
  finished: z.number(),
  headline: recordedHeadlineSchema,
});
export type TrendPoint = z.infer<typeof trendPointSchema>;
export const trendAnswerSchema = z.object({ points: z.array(trendPointSchema) });

/** GET /scans: newest first, a page at a time. */
export const scansAnswerSchema = z.object({
  scans: z.array(scanSchema),
  totalHits: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ScansAnswer = z.infer<typeof scansAnswerSchema>;
/** Scans in one page of GET /scans when no limit is given (retention can keep more: the page reads them all). */
export const SCANS_PAGE_DEFAULT = 100;
export const scanAnswerSchema = z.object({ scan: scanSchema });

export const diffAnswerSchema = z.object({
  from: scanSchema,
  to: scanSchema,
  counts: diffCountsSchema,
});
export type DiffAnswer = z.infer<typeof diffAnswerSchema>;

export const diffChangesAnswerSchema = z.object({
  totalHits: z.number().int(),
  changes: z.array(fieldChangeSchema),
  hasMore: z.boolean(),
});
export type DiffChangesAnswer = z.infer<typeof diffChangesAnswerSchema>;

// --- requests -------------------------------------------------------------------

const show = (value: unknown) => preview(value);

export const wholeNumberText = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be a whole number from ${min} to ${max}` })
    .regex(/^\d{1,15}$/, {
      error: (issue) =>
        `${name} must be a whole number from ${min} to ${max} (got ${show(issue.input)})`,
    })
    .transform(Number)
    .refine((value) => value >= min && value <= max, {
      error: `${name} must be a whole number from ${min} to ${max}`,
    });

export const findingKeySchema = z.enum(findingKeys, {
  error: (issue) =>
    `no finding is called ${show(issue.input)}; the findings are ${findingKeys.join(', ')}`,
});

/** GET /findings/{key}/groups?offset&limit */
export const groupsQuerySchema = z.strictObject(
  {
    offset: wholeNumberText('offset', 0, 1_000_000_000).optional(),
    limit: wholeNumberText('limit', 1, AUDIT_PAGE_MAX).optional(),
  },
  {
    error: (issue) =>
      `the groups take offset and limit (remove ${issue.code === 'unrecognized_keys' ? previewKeys(issue.keys) : 'the rest'})`,
  },
);

export const scansQuerySchema = z.strictObject(
  {
    offset: wholeNumberText('offset', 0, 1_000_000_000).optional(),
    limit: wholeNumberText('limit', 1, AUDIT_PAGE_MAX).optional(),
  },
  {
    error: (issue) =>
      `the scans take offset and limit (remove ${issue.code === 'unrecognized_keys' ? previewKeys(issue.keys) : 'the rest'})`,
  },
);

/** POST /findings/{key}/fields: a search over the finding's fields, or one group's. */
export const findingFieldsRequestSchema = z.strictObject(
  {
    // The service's own lenient reading of a search, so a finding's fields take what search takes.
    ...searchRequestValidation.shape,
    group: z
      .string({ error: (issue) => `group must be a group's key (got ${show(issue.input)})` })
      .max(500, { error: 'group must be at most 500 characters' })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `a finding's fields take filters, sort, limit, name, offset and group (remove ${previewKeys(issue.keys)})`
        : `the body must be a JSON object with filters, sort and limit (got ${show(issue.input)})`,
  },
);
/** A page of a finding's fields: a search answer, with what the finding says of each field. */
export const findingFieldsAnswerSchema = searchResponseSchema
  .extend({ results: z.array(z.unknown()), notes: z.record(z.string(), z.string()) })
  .transform((page) => ({ ...page, ...readRows(page.results) }));
export type FindingFieldsAnswer = z.output<typeof findingFieldsAnswerSchema>;

/** Most fields one POST /fields/findings asks for. */
export const FIELDS_FINDINGS_MAX = AUDIT_PAGE_MAX;

/** POST /fields/findings */
export const fieldsFindingsRequestSchema = z.strictObject(
  {
    ids: z
      .array(
        z
          .number({ error: 'each id must be a field id, a whole number of 1 or more' })
          .int({ error: 'each id must be a field id, a whole number of 1 or more' })
          .positive({ error: 'each id must be a field id, a whole number of 1 or more' }),
        { error: 'ids must be a list of field ids' },
      )
      .min(1, { error: 'ids must name at least one field' })
      .max(FIELDS_FINDINGS_MAX, {
        error: `ids must name at most ${FIELDS_FINDINGS_MAX} fields; ask again for the rest`,
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `the findings of fields take ids alone (remove ${previewKeys(issue.keys)})`
        : 'the body must be a JSON object with ids, a list of field ids',
  },
);

/** GET /diff?from&to and GET /diff/export?from&to&format */
export const diffQuerySchema = z.strictObject(
  {
    from: wholeNumberText('from', 1, Number.MAX_SAFE_INTEGER),
    to: wholeNumberText('to', 1, Number.MAX_SAFE_INTEGER),
    format: z.enum(['csv', 'json'], { error: 'format must be csv or json' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `a diff takes from and to, the ids of two scans (and format for an export; remove ${previewKeys(issue.keys)})`
        : 'a diff takes from and to, the ids of two scans',
  },
);

/** POST /diff/changes */
export const diffChangesRequestSchema = z.strictObject(
  {
    from: z.number({ error: 'from must be the id of a scan' }).int().positive(),
    to: z.number({ error: 'to must be the id of a scan' }).int().positive(),
    kind: z
      .enum(changeKinds, { error: `kind must be one of ${changeKinds.join(', ')}` })
      .optional(),
    offset: z.number({ error: 'offset must be an integer of 0 or more' }).int().min(0).optional(),
    limit: z
      .number({ error: `limit must be an integer from 1 to ${AUDIT_PAGE_MAX}` })
      .int()
      .min(1)
      .max(AUDIT_PAGE_MAX),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `changes take from, to, kind, offset and limit (remove ${previewKeys(issue.keys)})`
        : 'the body must be a JSON object with from, to and limit',
  },
);
