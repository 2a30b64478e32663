import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { BulkItemResult, BulkOperation } from '../../../contract/bulk-template';
import { bulkDeleteIdSchema, bulkTemplateRequestSchema } from '../../../contract/bulk-template';
import type { FieldError } from '../../../contract/errors';
import { summarize } from '../../../contract/errors';
import type { CalculatedField } from '../../../contract/field';
import { apiPaths, apiRoutes } from '../../../contract/paths';
import { preview } from '../../../contract/preview';
import type { CreateRequest, UpdateRequest } from '../../../contract/template-writes';
import { createRequestSchema, updateRequestSchema } from '../../../contract/template-writes';
import type { WriteOutcome } from '../../fields/write-outcome';
import { notFound } from '../../fields/write-outcome';
import type { FieldStore } from '../../store/field-store';
import { ApiError } from '../api-error';
import type { FieldsMoved } from '../fields-moved';
import { parseOrThrow } from '../validate';
import { refusalBody } from './write-answers';

/** A bulk call carries many whole fields: more than the 64 KiB of every other body. */
export const BULK_TEMPLATE_BODY_LIMIT = 4 * 1024 * 1024;

type Item =
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
function readItems(body: unknown): Item[] {
  const lists = parseOrThrow(bulkTemplateRequestSchema, body);
  const problems: FieldError[] = [];
  const items: Item[] = [];
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

/** `{"id", "locked"}` alone: a lock or unlock, as the single PUT takes it. */
function isLockOnly(request: UpdateRequest): request is { id: number; locked: boolean } {
  return (
    request.locked !== undefined &&
    Object.keys(request).every((key) => key === 'id' || key === 'locked')
  );
}

/**
 * POST /functions/bulk/template: each item is written as its single operation
 * writes it, in a transaction of its own, so one refused item never holds back the
 * others and a crash leaves each item applied or not.
 */
export function registerBulkTemplateRoute(
  api: FastifyInstance,
  options: { store: FieldStore; now?: () => number; onFieldsMoved?: FieldsMoved },
): void {
  const { store } = options;
  const now = options.now ?? Date.now;

  const write = (item: Item): WriteOutcome => {
    if (item.operation === 'create') return store.createField(item.request, now());
    if (item.operation === 'delete') return store.deleteField(item.id);
    if (!isLockOnly(item.request)) return store.updateField(item.id, item.request, now());
    const field = store.setLocked(item.id, item.request.locked, now());
    if (!field) return notFound(item.id);
    return { kind: 'written', field, changes: [{ after: field }], referencesChanged: false };
  };

  api.post(apiRoutes.bulkTemplate, { bodyLimit: BULK_TEMPLATE_BODY_LIMIT }, async (request) => {
    const items = readItems(request.body);
    const changed = new Map<number, CalculatedField>();
    const removed: number[] = [];
    const results = items.map((item): BulkItemResult => {
      const outcome = write(item);
      const { operation, index } = item;
      const id = item.operation === 'create' ? null : item.id;
      if (outcome.kind === 'refused') {
        const path = id === null ? apiPaths.templates : apiPaths.template(id);
        const { status } = outcome.refusal;
        return { operation, index, id, status, error: refusalBody(outcome.refusal, path) };
      }
      if (outcome.kind === 'written') {
        for (const { before, after } of outcome.changes) {
          if (after) changed.set(after.id, after);
          else if (before) removed.push(before.id);
        }
      }
      if (!outcome.field) return { operation, index, id, status: 204 };
      return { operation, index, id: outcome.field.id, status: 200, field: outcome.field };
    });
    for (const id of removed) changed.delete(id);
    if (changed.size > 0 || removed.length > 0)
      options.onFieldsMoved?.([...changed.values()], removed);
    return { results };
  });
}
