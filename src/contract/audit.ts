import { z } from 'zod';

/** Where the audit API lives (docs/audit.md): this project's own, in both modes. */
export const AUDIT_BASE = '/api/audit/v1';

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
});
export type Headline = z.infer<typeof headlineSchema>;

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
export type ScanProgress = z.infer<typeof scanProgressSchema>;

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
  headline: headlineSchema.optional(),
});
export type Scan = z.infer<typeof scanSchema>;

/** The findings, each with its rule (docs/audit.md, "Findings"). */
export const findingKeys = [
  'invalid',
  'broken-references',
  'unused',
  'exact-duplicates',
  'near-duplicates',
  'nested',
  'broken-dependencies',
  'lint',
] as const;
export type FindingKey = (typeof findingKeys)[number];
