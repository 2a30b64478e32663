import { z } from 'zod';
import { apiErrorBodySchema } from './errors';
import { calculatedFieldSchema } from './field';
import { preview, previewKeys } from './preview';

// POST /functions/bulk/template: production's create, update and delete of many
// fields (docs/api.md). Each item succeeds or fails on its own; the items
// themselves are checked with the single operations' schemas (template-writes.ts).

export const BULK_TEMPLATE_MAX_ITEMS = 1000;

/** Items this project sends in one bulk call: what a published collection sends. */
export const BULK_TEMPLATE_ITEMS_SENT = 500;

export const bulkOperations = ['create', 'update', 'delete'] as const;
export type BulkOperation = (typeof bulkOperations)[number];

const itemsSchema = (operation: BulkOperation) =>
  z
    .array(z.unknown(), {
      error: (issue) => `${operation} must be a list (got ${preview(issue.input)})`,
    })
    .optional();

/**
 * The envelope; `links` and `strict` are sent by published clients and change
 * nothing. Items are read one by one afterwards.
 */
export const bulkTemplateRequestSchema = z
  .strictObject(
    {
      create: itemsSchema('create'),
      update: itemsSchema('update'),
      delete: itemsSchema('delete'),
      links: z.unknown().optional(),
      strict: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `a bulk call takes create, update or delete (and links, strict); remove ${previewKeys(issue.keys)}`
          : 'the body must be a JSON object: {"create": [...]}, {"update": [...]} or {"delete": [ids]}',
    },
  )
  .check((context) => {
    const { create = [], update = [], delete: remove = [] } = context.value;
    const count = create.length + update.length + remove.length;
    if (count === 0) {
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: 'a bulk call must list at least one item in create, update or delete',
      });
    } else if (count > BULK_TEMPLATE_MAX_ITEMS) {
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: `a bulk call may list at most ${BULK_TEMPLATE_MAX_ITEMS.toLocaleString('en-US')} items (got ${count.toLocaleString('en-US')}); send the rest in further calls`,
      });
    }
  });
export type BulkTemplateRequest = z.infer<typeof bulkTemplateRequestSchema>;

/** A field id in `delete`: a number, or digits as some clients send. */
export const bulkDeleteIdSchema = z.unknown().transform((value, context) => {
  const id = typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : value;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1) return id;
  context.issues.push({
    code: 'custom',
    input: value,
    message: `must be a positive integer field id (got ${preview(value)})`,
  });
  return z.NEVER;
});

const answeredItem = {
  operation: z.enum(bulkOperations),
  /** The item's place in its list. */
  index: z.number().int(),
  /** The field's id; for a refused create, none. */
  id: z.number().int().nullable(),
};

export const bulkItemResultSchema = z.union([
  z.object({ ...answeredItem, status: z.literal(200), field: calculatedFieldSchema }),
  z.object({ ...answeredItem, status: z.literal(204) }),
  z.object({
    ...answeredItem,
    status: z.number().int().min(400),
    error: apiErrorBodySchema.extend({ field: calculatedFieldSchema.optional() }),
  }),
]);
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

/** One result per item: creates, then updates, then deletes, each in the order sent. */
export const bulkTemplateResponseSchema = z.object({ results: z.array(bulkItemResultSchema) });
export type BulkTemplateResponse = z.infer<typeof bulkTemplateResponseSchema>;
