import type { FastifyInstance } from 'fastify';
import type { BulkItemResult } from '../../../contract/bulk-template';
import type { CalculatedField } from '../../../contract/field';
import { apiPaths, apiRoutes } from '../../../contract/paths';
import type { WriteOutcome } from '../../fields/write-outcome';
import { notFound } from '../../fields/write-outcome';
import type { FieldStore } from '../../store/field-store';
import type { FieldsMoved } from '../fields-moved';
import type { BulkItem } from './bulk-items';
import { BULK_TEMPLATE_BODY_LIMIT, isLockOnly, readBulkItems } from './bulk-items';
import { refusalBody } from './write-answers';

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

  const write = (item: BulkItem): WriteOutcome => {
    if (item.operation === 'create') return store.createField(item.request, now());
    if (item.operation === 'delete') return store.deleteField(item.id);
    if (!isLockOnly(item.request)) return store.updateField(item.id, item.request, now());
    const field = store.setLocked(item.id, item.request.locked, now());
    if (!field) return notFound(item.id);
    return { kind: 'written', field, changes: [{ after: field }], referencesChanged: false };
  };

  api.post(apiRoutes.bulkTemplate, { bodyLimit: BULK_TEMPLATE_BODY_LIMIT }, async (request) => {
    const items = readBulkItems(request.body);
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
