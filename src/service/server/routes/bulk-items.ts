import type { z } from 'zod';
import type { BulkOperation } from '../../../contract/bulk-template';
import { bulkDeleteIdSchema, bulkTemplateRequestSchema } from '../../../contract/bulk-template';
import type { FieldError } from '../../../contract/errors';
import { summarize } from '../../../contract/errors';
import { preview } from '../../../contract/preview';
import type { CreateRequest, UpdateRequest } from '../../../contract/template-writes';
import { createRequestSchema, updateRequestSchema } from '../../../contract/template-writes';
import { ApiError } from '../api-error';
import { parseOrThrow } from '../validate';

/** A bulk call carries many whole fields: more than the 64 KiB of every other body. */
export const BULK_TEMPLATE_BODY_LIMIT = 4 * 1024 * 1024;

export type BulkItem =
  | { operation: 'create'; index: number; request: CreateRequest }
  | { operation: 'update'; index: number; id: number; request: UpdateRequest }
  | { operation: 'delete'; index: number; id: number };

/** `update[3] (id 17)`: how a refusal names an item. */
function itemName(operation: BulkOperation, index: number, raw: unknown): string {
  const id = operation === 'delete' ? raw : (raw as { id?: unknown } | null)?.id;
  return id === undefined
    ? `${operation}[${index}]`
    : `${operation}[${index}] (id ${preview(id, 20)})`;
}

/**
 * Reads every item with its single operation's schema. Any malformed item, a
 * repeated id or an update without an id refuses the whole call with 400 naming
 * each offending item, before anything is written.
 */
export function readBulkItems(body: unknown): BulkItem[] {
  const lists = parseOrThrow(bulkTemplateRequestSchema, body);
  const problems: FieldError[] = [];
  const items: BulkItem[] = [];
  const read = <T extends z.ZodType>(
    operation: BulkOperation,
    schema: T,
    take: (value: z.output<T>, index: number, name: string) => void,
  ) =>
    (lists[operation] ?? []).forEach((raw, index) => {
      const name = itemName(operation, index, raw);
      const result = schema.safeParse(raw);
      if (!result.success) {
        const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
        problems.push({ field: name, message: messages.join('; ') });
      } else take(result.data, index, name);
    });
  read('create', createRequestSchema, (request, index) =>
    items.push({ operation: 'create', index, request }),
  );
  const seen = new Set<number>();
  const once = (id: number, name: string) => {
    if (seen.has(id)) problems.push({ field: name, message: `field ${id} appears twice` });
    seen.add(id);
  };
  read('update', updateRequestSchema, (request, index, name) => {
    if (request.id === undefined) {
      problems.push({ field: name, message: 'each update names its field with id' });
      return;
    }
    once(request.id, name);
    items.push({ operation: 'update', index, id: request.id, request });
  });
  read('delete', bulkDeleteIdSchema, (id, index, name) => {
    once(id, name);
    items.push({ operation: 'delete', index, id });
  });
  if (problems.length > 0) throw new ApiError(400, summarize(problems), problems);
  return items;
}

/** `{"id", "locked"}` alone (or `{"locked"}`): a lock or unlock, as the single PUT takes it. */
export function isLockOnly<T extends { locked?: boolean }>(
  request: T,
): request is T & { locked: boolean } {
  return (
    request.locked !== undefined &&
    Object.keys(request).every((key) => key === 'id' || key === 'locked')
  );
}
