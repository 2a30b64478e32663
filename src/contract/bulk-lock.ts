import { z } from 'zod';
import { apiErrorBodySchema } from './errors';
import { calculatedFieldSchema } from './field';
import { lockedSchema } from './lock';
import { preview, previewKeys } from './preview';

// POST /functions/bulk-lock: this project's extension that locks or unlocks many
// fields in one request (docs/api.md). A real instance does not offer it; the app
// uses it only when the server advertises it in its app config.

/**
 * The most fields one request may change. An answer carries each field whole
 * (a few kilobytes each), so a hundred keep it a few hundred kilobytes and one
 * transaction on the server a few milliseconds.
 */
export const BULK_LOCK_MAX_FIELDS = 100;

const idsHint = `a list of 1 to ${BULK_LOCK_MAX_FIELDS} calculated field ids`;

const fieldIdSchema = z
  .int({ error: (issue) => `each id must be a positive integer (got ${preview(issue.input)})` })
  .min(1, { error: (issue) => `each id must be a positive integer (got ${preview(issue.input)})` });

/** The first few numbers, and how many more. */
function listed(ids: readonly number[], shown = 5): string {
  const more = ids.length - shown;
  return ids.slice(0, shown).join(', ') + (more > 0 ? ` and ${more} more` : '');
}

const idsSchema = z
  .array(fieldIdSchema, {
    error: (issue) =>
      issue.input === undefined
        ? `ids is required: ${idsHint}`
        : `ids must be ${idsHint} (got ${preview(issue.input)})`,
  })
  .min(1, { error: `ids must list at least one field: ${idsHint}` })
  .max(BULK_LOCK_MAX_FIELDS, {
    error: (issue) =>
      `ids may list at most ${BULK_LOCK_MAX_FIELDS} fields (got ${Array.isArray(issue.input) ? issue.input.length : 'more'}); send the rest in further requests`,
  })
  .check((context) => {
    const seen = new Set<number>();
    const repeated = new Set<number>();
    for (const id of context.value) (seen.has(id) ? repeated : seen).add(id);
    if (repeated.size === 0) return;
    context.issues.push({
      code: 'custom',
      input: context.value,
      message: `ids must list each field once; repeated: ${listed([...repeated])}`,
    });
  });

/** Body of POST /functions/bulk-lock: `{"ids": [1, 2, 3], "locked": true}`. */
export const bulkLockRequestSchema = z.strictObject(
  { ids: idsSchema, locked: lockedSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `this operation takes only \`ids\` and \`locked\`; remove ${previewKeys(issue.keys)}`
        : 'the body must be a JSON object: {"ids": [1, 2], "locked": true}',
  },
);
export type BulkLockRequest = z.infer<typeof bulkLockRequestSchema>;

/** A field the request changed (or found as asked): the whole field, as the single PUT answers. */
const lockedFieldSchema = z.object({
  id: z.number().int(),
  status: z.literal(200),
  field: calculatedFieldSchema,
});

/** A field the request could not change: the error body the single PUT would have answered. */
const refusedFieldSchema = z.object({
  id: z.number().int(),
  status: z.number().int().min(400),
  error: apiErrorBodySchema,
});

export const bulkLockResultSchema = z.union([lockedFieldSchema, refusedFieldSchema]);
export type BulkLockResult = z.infer<typeof bulkLockResultSchema>;

/** One result per id asked, in the order asked. */
export const bulkLockResponseSchema = z.object({ results: z.array(bulkLockResultSchema) });
export type BulkLockResponse = z.infer<typeof bulkLockResponseSchema>;
