import type { FastifyInstance } from 'fastify';
import { apiPaths, apiRoutes } from '../../../contract/paths';
import { createRequestSchema } from '../../../contract/template-writes';
import { validateFormulasRequestSchema } from '../../../contract/validate-formulas';
import { validateFormulas } from '../../fields/validate-formulas';
import type { WriteOutcome } from '../../fields/write-outcome';
import type { FieldStore } from '../../store/field-store';
import { ApiError } from '../api-error';
import type { FieldsMoved } from '../fields-moved';
import { parseFieldIdOrThrow, parseOrThrow } from '../validate';
import { parsePutBody } from './put-body';
import { sendRefusal } from './write-answers';

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
    const body = parsePutBody(request.body);
    if (body.kind === 'lock') {
      const field = store.setLocked(id, body.locked, now());
      if (!field) throw new ApiError(404, `no calculated field has the id ${id}`);
      options.onFieldsMoved?.([field], []);
      return field;
    }
    const outcome = store.updateField(id, body.request, now());
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
