import { z } from 'zod';
import { preview, previewKeys } from './preview';
import { nameAsStored } from './stored-name';

// Production's writes to one field (docs/api.md): PUT /functions/template/{id}
// with an update, POST /functions/template (create), DELETE /functions/template/{id}.
// Shapes are those the published clients send.

export const MAX_NAME_LENGTH = 256;
/** An expression as long as the import takes. */
export const MAX_EXPRESSION_LENGTH = 20_000;

const positiveId = (what: string) =>
  z
    .int({ error: (issue) => `${what} must be a positive integer (got ${preview(issue.input)})` })
    .min(1, {
      error: (issue) => `${what} must be a positive integer (got ${preview(issue.input)})`,
    });

const flag = (what: string) =>
  z.boolean({ error: (issue) => `${what} must be true or false (got ${preview(issue.input)})` });

/** A name is checked as it will be stored (trimmed), and stored so. */
export const fieldNameSchema = z
  .string({ error: (issue) => `name must be a string (got ${preview(issue.input)})` })
  .overwrite(nameAsStored)
  .min(1, { error: 'name must not be empty or only spaces' })
  .max(MAX_NAME_LENGTH, {
    error: `name must be at most ${MAX_NAME_LENGTH} characters`,
  });

const expressionSchema = z
  .string({ error: (issue) => `expression must be a string (got ${preview(issue.input)})` })
  .max(MAX_EXPRESSION_LENGTH, {
    error: `expression must be at most ${MAX_EXPRESSION_LENGTH.toLocaleString('en-US')} characters`,
  });

const dataTypeSchema = z
  .string({ error: (issue) => `dataType must be a string (got ${preview(issue.input)})` })
  .min(1, { error: 'dataType must not be empty' })
  .max(64, { error: 'dataType must be at most 64 characters' });

/** Clients convert link ids with String(...); either form is read. */
const resourceIdSchema = z.union([z.string().min(1).max(200), z.int()]).transform(String);

/** A link as a client sends it; `valid` is derived and ignored. */
export const writtenLinkSchema = z.object({
  resource: z.object({ type: z.string().min(1).max(64), id: resourceIdSchema }),
  visible: z.boolean().optional(),
  active: z.boolean().optional(),
  valid: z.string().optional(),
});
export type WrittenLink = z.infer<typeof writtenLinkSchema>;

const linksSchema = z.array(writtenLinkSchema).max(1000);

/**
 * What the service derives or assigns itself, accepted when a client echoes a field
 * it read and never taken from the body (docs/api.md, "Update a field").
 */
const echoedShape = {
  legacyId: z.string().optional(),
  status: z.string().optional(),
  created: z.number().optional(),
  columnPositions: z.array(z.unknown()).optional(),
  functions: z.array(z.unknown()).optional(),
  aggregated: z.boolean().optional(),
  analytic: z.boolean().optional(),
  variable: z.boolean().optional(),
  cacheWindow: z.string().optional(),
  activeLinks: z.record(z.string(), z.unknown()).optional(),
  functionTemplateDependencies: z.array(z.unknown()).optional(),
  nonAggregatedColumns: z.array(z.unknown()).optional(),
  /** Not kept by this service; accepted because production takes them. */
  persistedOnDataSource: z.boolean().optional(),
  certification: z.looseObject({ state: z.string().optional() }).optional(),
};

const unknownProperty = (what: string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `${what} does not take ${previewKeys(issue.keys)}`
    : `the body must be a JSON object (got ${preview(issue.input)})`;

/**
 * Body of PUT /functions/template/{id}: `{"locked": ...}` alone locks or unlocks;
 * anything else updates. `checkSum` and `lastModified`, when sent, are what the
 * change was based on: a field changed since is refused with 409.
 */
export const updateRequestSchema = z.strictObject(
  {
    name: fieldNameSchema.optional(),
    expression: expressionSchema.optional(),
    owner: positiveId('owner').optional(),
    archived: flag('archived').optional(),
    global: flag('global').optional(),
    hidden: flag('hidden').optional(),
    dataType: dataTypeSchema.optional(),
    locked: flag('locked').optional(),
    id: positiveId('id').optional(),
    links: linksSchema.optional(),
    checkSum: z.string().max(100).optional(),
    lastModified: z.number().optional(),
    ...echoedShape,
  },
  { error: unknownProperty('an update') },
);
export type UpdateRequest = z.infer<typeof updateRequestSchema>;

/** The properties an update may change; the rest are echoes, guards or `locked`. */
export const editableProperties = [
  'name',
  'expression',
  'owner',
  'archived',
  'global',
  'hidden',
  'dataType',
] as const;
export type FieldEdits = Partial<Pick<UpdateRequest, (typeof editableProperties)[number]>>;

/** Body of POST /functions/template. */
export const createRequestSchema = z.strictObject(
  {
    name: fieldNameSchema,
    owner: positiveId('owner'),
    expression: expressionSchema,
    links: linksSchema.min(1, {
      error: 'links must name the data source (or the cards) the field is saved on',
    }),
    global: flag('global').optional(),
    hidden: flag('hidden').optional(),
    archived: flag('archived').optional(),
    locked: flag('locked').optional(),
    dataType: dataTypeSchema.optional(),
    // A copy of a field read elsewhere: the service assigns these anew.
    id: z.number().optional(),
    checkSum: z.string().optional(),
    lastModified: z.number().optional(),
    ...echoedShape,
    variable: flag('variable').optional(),
  },
  { error: unknownProperty('a new field') },
);
export type CreateRequest = z.infer<typeof createRequestSchema>;
