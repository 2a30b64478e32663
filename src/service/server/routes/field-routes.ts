import type { FastifyInstance } from 'fastify';
import { bulkLockRequestSchema } from '../../../contract/bulk-lock';
import type { BulkLockResult } from '../../../contract/bulk-lock';
import { apiPaths, apiRoutes } from '../../../contract/paths';
import type { FieldStore } from '../../store/field-store';
import { searchPageJson } from '../../store/search-page';
import { ApiError, errorBody } from '../api-error';
import type { FieldsMoved } from '../fields-moved';
import { parseSearchBody } from '../search-body';
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
    /** Hears the fields each request changed (the audit keeps its view of the instance current). */
    onFieldsMoved?: FieldsMoved;
  },
): void {
  const { store } = options;
  const now = options.now ?? Date.now;

  api.post(apiRoutes.search, async (request, reply) => {
    const page = store.search(parseSearchBody(request.body));
    return reply.type('application/json; charset=utf-8').send(searchPageJson(page));
  });

  api.get<{ Params: { id: string } }>(apiRoutes.template, async (request) => {
    const id = parseFieldIdOrThrow(request.params.id);
    return store.getField(id) ?? Promise.reject(notFound(id));
  });

  // This project's extension: the single PUT for many fields, in one transaction.
  api.post(apiRoutes.bulkLock, async (request) => {
    const { ids, locked } = parseOrThrow(bulkLockRequestSchema, request.body);
    const fields = store.setLockedMany(ids, locked, now());
    const changed = fields.filter((field) => field !== undefined);
    if (changed.length > 0) options.onFieldsMoved?.(changed, []);
    const results = ids.map((id, at): BulkLockResult => {
      const field = fields[at];
      if (field) return { id, status: 200, field };
      // What PUT /functions/template/{id} answers for this id.
      const refusal = notFound(id);
      return {
        id,
        status: refusal.status,
        error: errorBody(refusal.status, refusal.message, apiPaths.template(id)),
      };
    });
    return { results };
  });

  api.get(apiRoutes.statistics, async () => store.statistics());
}
