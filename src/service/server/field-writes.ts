import type { FastifyRequest } from 'fastify';
import { API_BASE, apiRoutes } from '../../contract/paths';

/** The API's POST routes that change fields; its other POSTs (search, validateFormulas) only read. */
const writingPosts = new Set(
  [apiRoutes.templates, apiRoutes.bulkTemplate].map((route) => `${API_BASE}${route}`),
);

/** Whether a request to the calculated-field API changes fields: a lock, an update, a create, a delete. */
export function isFieldWrite(request: FastifyRequest): boolean {
  if (request.method === 'PUT' || request.method === 'DELETE') return true;
  return request.method === 'POST' && writingPosts.has(request.routeOptions.url ?? '');
}
