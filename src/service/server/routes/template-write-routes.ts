import type { FastifyInstance } from 'fastify';
import { lockRequestSchema } from '../../../contract/lock';
import { apiPaths, apiRoutes } from '../../../contract/paths';
import { createRequestSchema, updateRequestSchema } from '../../../contract/template-writes';
import { validateFormulasRequestSchema } from '../../../contract/validate-formulas';
import { validateFormulas } from '../../fields/validate-formulas';
import type { WriteOutcome } from '../../fields/write-outcome';
import type { FieldStore } from '../../store/field-store';
import { ApiError } from '../api-error';
import type { FieldsMoved } from '../fields-moved';
import { parseFieldIdOrThrow, parseOrThrow } from '../validate';
import { sendRefusal } from './write-answers';

/** True for `{"locked": ...}` alone, the lock or unlock this PUT has always taken. */
function isLockOnly(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return true;
  const keys = Object.keys(body);
  return keys.length === 0 || (keys.length === 1 && keys[0] === 'locked');
}

/**
 * Production's writes to one field (docs/api.md): update (or lock) with PUT,
 * create with POST, DELETE. Each answers the complete field, or the error shape.
 */
export function registerTemplateWriteRoutes(
  api: FastifyInstance,
  options: { store: FieldStore; now?: () => number; onFieldsMoved?: FieldsMoved },
): void {
  const { store } = options;
  const now = options.now ?? Date.now;

  /** Hands what a write changed to the audit's copy. */
  const moved = (outcome: WriteOutcome) => {
    if (outcome.kind !== 'written') return;
    const changed = outcome.changes.flatMap(({ after }) => (after ? [after] : []));
    const removed = outcome.changes.flatMap(({ before, after }) =>
      before && !after ? [before.id] : [],
    );
    options.onFieldsMoved?.(changed, removed);
  };

  api.put<{ Params: { id: string } }>(apiRoutes.template, async (request, reply) => {
    const id = parseFieldIdOrThrow(request.params.id);
    if (isLockOnly(request.body)) {
      const { locked } = parseOrThrow(lockRequestSchema, request.body);
      const field = store.setLocked(id, locked, now());
      if (!field) throw new ApiError(404, `no calculated field has the id ${id}`);
      options.onFieldsMoved?.([field], []);
      return field;
    }
    const outcome = store.updateField(id, parseOrThrow(updateRequestSchema, request.body), now());
    if (outcome.kind === 'refused')
      return sendRefusal(reply, outcome.refusal, apiPaths.template(id));
    moved(outcome);
    return outcome.field;
  });

  api.post(apiRoutes.templates, async (request, reply) => {
    const outcome = store.createField(parseOrThrow(createRequestSchema, request.body), now());
    if (outcome.kind === 'refused') return sendRefusal(reply, outcome.refusal, apiPaths.templates);
    moved(outcome);
    return outcome.field;
  });

  api.delete<{ Params: { id: string } }>(apiRoutes.template, async (request, reply) => {
    const id = parseFieldIdOrThrow(request.params.id);
    const outcome = store.deleteField(id);
    if (outcome.kind === 'refused')
      return sendRefusal(reply, outcome.refusal, apiPaths.template(id));
    moved(outcome);
    return reply.code(204).send();
  });

  api.post(apiRoutes.validateFormulas, async (request) =>
    validateFormulas(parseOrThrow(validateFormulasRequestSchema, request.body)),
  );
}
