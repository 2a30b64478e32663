import type { FastifyInstance, HTTPMethods } from 'fastify';
import { ApiError, sendError } from '../api-error';

const methods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A known path asked with another method answers 405 and names the methods it takes. */
export function refuseOtherMethods(
  app: FastifyInstance,
  url: string,
  allowed: HTTPMethods[],
): void {
  const refusal = () =>
    new ApiError(405, `this path takes ${allowed.join(', ')}`, undefined, {
      allow: allowed.join(', '),
    });
  app.route({
    method: methods.filter((method) => !allowed.includes(method)),
    url,
    exposeHeadRoute: false,
    // Answered before the body is read, so a refused method never meets 413 or 415 first.
    onRequest: async (request, reply) => sendError(request, reply, refusal()),
    handler: async () => {
      throw refusal();
    },
  });
}
