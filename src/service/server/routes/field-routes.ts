import type { FastifyInstance } from 'fastify';
import { lockRequestSchema } from '../../../contract/lock';
import { API_BASE } from '../../../contract/paths';
import { searchRequestSchema } from '../../../contract/search';
import type { FieldStore } from '../../store/field-store';
import { searchPageJson } from '../../store/search-page';
import { ApiError } from '../api-error';
import { parseFieldId, parseOrThrow } from '../validate';
import { refuseOtherMethods } from './method-not-allowed';

function notFound(id: number): ApiError {
  return new ApiError(404, `no calculated field has the id ${id}`);
}

/** The calculated-field API answered by the embedded store. */
export function registerFieldRoutes(
  app: FastifyInstance,
  options: { store: FieldStore; now?: () => number },
): void {
  const { store } = options;
  const now = options.now ?? Date.now;
  const templatePath = `${API_BASE}/functions/template/:id`;
  const searchPath = `${API_BASE}/functions/search`;
  const statisticsPath = `${API_BASE}/functions/statistics`;

  app.post(searchPath, async (request, reply) => {
    const page = store.search(parseOrThrow(searchRequestSchema, request.body));
    return reply.type('application/json; charset=utf-8').send(searchPageJson(page));
  });

  app.get<{ Params: { id: string } }>(templatePath, async (request) => {
    const id = parseFieldId(request.params.id);
    return store.getField(id) ?? Promise.reject(notFound(id));
  });

  app.put<{ Params: { id: string } }>(templatePath, async (request) => {
    const id = parseFieldId(request.params.id);
    const { locked } = parseOrThrow(lockRequestSchema, request.body);
    return store.setLocked(id, locked, now()) ?? Promise.reject(notFound(id));
  });

  app.get(statisticsPath, async () => store.statistics());

  refuseOtherMethods(app, searchPath, ['POST']);
  refuseOtherMethods(app, templatePath, ['GET', 'HEAD', 'PUT']);
  refuseOtherMethods(app, statisticsPath, ['GET', 'HEAD']);
}
