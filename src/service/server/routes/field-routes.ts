import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../contract/paths';
import type { FieldStore } from '../../store/field-store';
import { searchPageJson } from '../../store/search-page';
import { ApiError } from '../api-error';
import { parseSearchBody } from '../search-body';
import { parseFieldIdOrThrow } from '../validate';

function notFound(id: number): ApiError {
  return new ApiError(404, `no calculated field has the id ${id}`);
}

/** The calculated-field API's reads, answered by the embedded store; paths are relative to the API base. */
export function registerFieldRoutes(api: FastifyInstance, options: { store: FieldStore }): void {
  const { store } = options;

  api.post(apiRoutes.search, async (request, reply) => {
    const page = store.search(parseSearchBody(request.body));
    return reply.type('application/json; charset=utf-8').send(searchPageJson(page));
  });

  api.get<{ Params: { id: string } }>(apiRoutes.template, async (request) => {
    const id = parseFieldIdOrThrow(request.params.id);
    return store.getField(id) ?? Promise.reject(notFound(id));
  });

  api.get(apiRoutes.statistics, async () => store.statistics());
}
