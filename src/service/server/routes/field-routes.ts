import type { FastifyInstance } from 'fastify';
import { lockRequestSchema } from '../../../contract/lock';
import { apiRoutes } from '../../../contract/paths';
import { searchRequestValidation } from '../../../contract/search-validation';
import type { CalculatedField } from '../../../contract/field';
import type { FieldStore } from '../../store/field-store';
import { searchPageJson } from '../../store/search-page';
import { ApiError } from '../api-error';
import { parseFieldIdOrThrow, parseOrThrow } from '../validate';

function notFound(id: number): ApiError {
  return new ApiError(404, `no calculated field has the id ${id}`);
}

/** The calculated-field API answered by the embedded store; paths are relative to the API base. */
export function registerFieldRoutes(
  api: FastifyInstance,
  options: {
    store: FieldStore;
    now?: () => number;
    /** Hears every field a request changed (the audit keeps its view of the instance current). */
    onFieldChanged?: (field: CalculatedField) => void;
  },
): void {
  const { store } = options;
  const now = options.now ?? Date.now;

  api.post(apiRoutes.search, async (request, reply) => {
    const page = store.search(parseOrThrow(searchRequestValidation, request.body));
    return reply.type('application/json; charset=utf-8').send(searchPageJson(page));
  });

  api.get<{ Params: { id: string } }>(apiRoutes.template, async (request) => {
    const id = parseFieldIdOrThrow(request.params.id);
    return store.getField(id) ?? Promise.reject(notFound(id));
  });

  api.put<{ Params: { id: string } }>(apiRoutes.template, async (request) => {
    const id = parseFieldIdOrThrow(request.params.id);
    const { locked } = parseOrThrow(lockRequestSchema, request.body);
    const field = store.setLocked(id, locked, now());
    if (!field) throw notFound(id);
    options.onFieldChanged?.(field);
    return field;
  });

  api.get(apiRoutes.statistics, async () => store.statistics());
}
